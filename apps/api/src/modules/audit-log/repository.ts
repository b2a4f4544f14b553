import type { AuditEvent } from '@shared/audit'
import { and, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { isoInstant, pageLimit, readList } from '../../db/json-list'
import { UUID_PATTERN } from '../../lib/ids'

export interface AuditFilter {
  /** Entries this account did, named by its id or its e-mail. */
  actor?: { id: string } | { email: string }
  event?: AuditEvent
  /** The id of the last entry of the page before: only older entries. */
  before?: string
  limit: number
}

/** An entry of the page, with the names of who did it and whom it is about. */
export interface AuditRow {
  /** The bigint as text: node-postgres would hand it over as a string, PGlite's JSON as a number. */
  id: string
  at: string
  event: AuditEvent
  address: string | null
  detail: Record<string, unknown> | null
  actorName: string | null
  actorEmail: string | null
  subject: string | null
  subjectName: string | null
  /** The appointment the entry's `bookingId` names, while it exists, as it was booked. */
  booking: { treatment: string; date: string; slot: string } | null
}

/** The booking an entry's detail names, or none for text that is not an id (never cast to uuid). */
const namedBookingId = sql`CASE WHEN a.detail->>'bookingId' ~ ${UUID_PATTERN}
  THEN (a.detail->>'bookingId')::uuid END`

/**
 * Newest first, by time and then id (two entries of one transaction share their time). Each
 * filter has its index: (actor_id, at), (event, at), or (at) alone. The page, once read, comes in
 * the form each database hands over fastest (readList), with the appointments its entries name
 * (their snapshots) joined in the same query: one round trip instead of two.
 */
export function auditPage(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  // The page is cut before the joins: joined to the whole log, the planner sized each join's
  // lookup cache (Memoize) for a million rows, ~8 ms a page on PostgreSQL for 51 lookups.
  const entries = sql`SELECT * FROM audit_log a WHERE ${and(...conditions(filter)) ?? sql`true`}
    ORDER BY a.at DESC, a.id DESC ${pageLimit(filter.limit)}`
  return readList<AuditRow>(
    db,
    sql`SELECT a.id::text AS id, ${isoInstant(sql`a.at`)} AS at, a.event, a.address, a.detail,
      actor.name AS "actorName", actor.email AS "actorEmail",
      coalesce(a.email, subject.email) AS subject, subject.name AS "subjectName",
      CASE WHEN b.id IS NOT NULL THEN json_build_object('treatment', b.treatment_name,
        'date', to_char(b.appointment_date, 'YYYY-MM-DD'), 'slot', b.slot_label) END AS booking
    FROM (${entries}) a LEFT JOIN users actor ON actor.id = a.actor_id
      LEFT JOIN users subject ON subject.id = a.user_id
      LEFT JOIN bookings b ON b.id = ${namedBookingId}`,
    sql`list.at DESC, list.id::bigint DESC`,
  )
}

function conditions(filter: AuditFilter): SQL[] {
  const found: SQL[] = []
  if (filter.actor && 'id' in filter.actor) found.push(sql`a.actor_id = ${filter.actor.id}::uuid`)
  if (filter.actor && 'email' in filter.actor)
    found.push(sql`a.actor_id = (SELECT id FROM users WHERE email = ${filter.actor.email})`)
  if (filter.event) found.push(sql`a.event = ${filter.event}`)
  if (filter.before) {
    const cursorAt = sql`(SELECT at FROM audit_log WHERE id = ${filter.before}::bigint)`
    found.push(sql`a.at <= ${cursorAt} AND (a.at < ${cursorAt} OR a.id < ${filter.before}::bigint)`)
  }
  return found
}
