import type { AuditEvent } from '@shared/audit'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { auditLog, bookings, users } from '../../db/schema'

const actor = alias(users, 'actor')
const subject = alias(users, 'subject')

export interface AuditFilter {
  /** Entries this account did, named by its id or its e-mail. */
  actor?: { id: string } | { email: string }
  event?: AuditEvent
  /** The id of the last entry of the page before: only older entries. */
  before?: string
  limit: number
}

/**
 * Newest first, by time and then id (two entries of one transaction share their time). Each
 * filter has its index: (actor_id, at), (event, at), or (at) alone.
 */
export function auditPage(db: Db, filter: AuditFilter) {
  const conditions: SQL[] = []
  if (filter.actor && 'id' in filter.actor) conditions.push(eq(auditLog.actorId, filter.actor.id))
  if (filter.actor && 'email' in filter.actor)
    conditions.push(sql`${auditLog.actorId} = (SELECT id FROM users WHERE email = ${filter.actor.email})`)
  if (filter.event) conditions.push(eq(auditLog.event, filter.event))
  if (filter.before) {
    const cursorAt = sql`(SELECT at FROM audit_log WHERE id = ${filter.before}::bigint)`
    conditions.push(
      sql`${auditLog.at} <= ${cursorAt} AND (${auditLog.at} < ${cursorAt} OR ${auditLog.id} < ${filter.before}::bigint)`,
    )
  }
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      event: auditLog.event,
      address: auditLog.address,
      detail: auditLog.detail,
      actorName: actor.name,
      actorEmail: actor.email,
      subject: sql<string | null>`coalesce(${auditLog.email}, ${subject.email})`,
      subjectName: subject.name,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.userId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit)
}

/** The appointments a page's entries name, as they were booked (their snapshots). */
export function bookingsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({
      id: bookings.id,
      treatment: bookings.treatmentName,
      date: bookings.appointmentDate,
      slot: bookings.slotLabel,
    })
    .from(bookings)
    .where(inArray(bookings.id, ids))
}
