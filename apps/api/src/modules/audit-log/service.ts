import { AUDIT_PAGE_SIZE } from '@shared/audit'
import type { AuditLogEntry, AuditLogQuery, AuditLogReply } from '@shared/audit-log'
import type { Db } from '../../db/client'
import { isUuid } from '../../lib/ids'
import { type AuditFilter, type AuditRow, auditPage, bookingsByIds } from './repository'
import { shownDetail } from './shown-detail'

type BookedAs = NonNullable<AuditLogEntry['booking']>

export function auditLogService(db: Db, timeZone: string) {
  return {
    /** A page of entries, newest first; an unknown actor has done nothing (an empty page). */
    async page(query: AuditLogQuery): Promise<AuditLogReply> {
      const actor: AuditFilter['actor'] = query.actor
        ? isUuid(query.actor)
          ? { id: query.actor }
          : { email: query.actor }
        : undefined
      // One more than a page tells whether another page follows.
      const rows = await auditPage(db, {
        actor,
        event: query.action,
        before: query.cursor,
        limit: AUDIT_PAGE_SIZE + 1,
      })
      const entries = rows.slice(0, AUDIT_PAGE_SIZE)
      const last = entries.at(-1)
      const booked = await bookedAs(db, entries)
      return {
        entries: entries.map((row) => toEntry(row, booked)),
        timeZone,
        nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null,
      }
    },
  }
}

const bookingIdOf = (row: AuditRow) => {
  const id = row.detail?.bookingId
  return typeof id === 'string' && isUuid(id) ? id : undefined
}

/** The appointments the entries name, by id, so a sentence reads 'Scaling on Nov 28, 2026'. */
async function bookedAs(db: Db, rows: AuditRow[]): Promise<Map<string, BookedAs>> {
  const ids = [...new Set(rows.map(bookingIdOf).filter((id) => id !== undefined))]
  const found = await bookingsByIds(db, ids)
  return new Map(found.map(({ id, ...booking }) => [id, booking]))
}

function toEntry(row: AuditRow, booked: Map<string, BookedAs>): AuditLogEntry {
  const bookingId = bookingIdOf(row)
  return {
    id: row.id,
    at: row.at,
    event: row.event,
    actor:
      row.actorName !== null && row.actorEmail !== null
        ? { name: row.actorName, email: row.actorEmail }
        : null,
    subject: row.subject,
    subjectName: row.subjectName,
    address: row.address,
    detail: shownDetail(row.detail),
    booking: (bookingId && booked.get(bookingId)) || null,
  }
}
