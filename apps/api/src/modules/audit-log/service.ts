import { AUDIT_PAGE_SIZE } from '@shared/audit'
import type { AuditLogEntry, AuditLogQuery, AuditLogReply } from '@shared/audit-log'
import type { Db } from '../../db/client'
import { isUuid } from '../../lib/ids'
import { type AuditFilter, type AuditRow, auditPage } from './repository'
import { shownDetail } from './shown-detail'

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
      return {
        entries: entries.map(toEntry),
        timeZone,
        nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null,
      }
    },
  }
}

function toEntry(row: AuditRow): AuditLogEntry {
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
    booking: row.booking,
  }
}
