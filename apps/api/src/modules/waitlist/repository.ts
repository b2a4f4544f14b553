import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { clinicClosedOn, slotsOn } from '../clinic'

/** A treatment's slot on a date that nobody has booked and no waitlist hold keeps, not started at `now`. */
const freeSlots = (treatmentId: SqlValue, date: SqlValue, timeZone: string, now: Date) => sql`
  SELECT s.* FROM ${slotsOn(date, timeZone)} s
  WHERE s.treatment_id = ${treatmentId} AND s.starts_at_instant > ${now.toISOString()}::timestamptz
    AND NOT ${clinicClosedOn(date)}
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.treatment_id = s.treatment_id
      AND b.appointment_date = ${date} AND b.slot_id = s.id AND b.status = 'booked')
    AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.treatment_id = s.treatment_id
      AND o.appointment_date = ${date} AND o.slot_id = s.id AND o.status = 'offered')`

type SqlValue = ReturnType<typeof sql>

export interface JoinRequest {
  userId: string
  treatmentId: string
  date: string
  phone: string
  timeZone: string
  now: Date
}

/**
 * Puts the patient in line, in one statement, only while the treatment has no free slot that day:
 * the day being full is a condition of the INSERT, and one entry per patient, treatment and day
 * the table's unique constraint. Undefined when either refused.
 */
export async function insertEntry(db: Db, r: JoinRequest): Promise<string | undefined> {
  const date = sql`${r.date}::date`
  const treatment = sql`${r.treatmentId}::uuid`
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`
      INSERT INTO waitlist_entries (user_id, treatment_id, appointment_date, phone)
      SELECT ${r.userId}::uuid, t.id, ${date}, ${r.phone}::text FROM treatments t
      WHERE t.id = ${treatment} AND t.retired_at IS NULL
        AND NOT EXISTS (${freeSlots(treatment, date, r.timeZone, r.now)})
      ON CONFLICT DO NOTHING
      RETURNING id`,
  )
  return row?.id
}

export type JoinRefusal = 'treatment' | 'closed' | 'free' | 'waiting'

/** Which rule refused a join `insertEntry` did not insert; undefined when none holds any more. */
export async function whyNotJoined(db: Db, r: JoinRequest): Promise<JoinRefusal | undefined> {
  const date = sql`${r.date}::date`
  const treatment = sql`${r.treatmentId}::uuid`
  const [row] = await queryRows<Record<JoinRefusal, boolean>>(
    db,
    sql`
      SELECT NOT EXISTS (SELECT 1 FROM treatments WHERE id = ${treatment} AND retired_at IS NULL) AS treatment,
        ${clinicClosedOn(date)} AS closed,
        EXISTS (${freeSlots(treatment, date, r.timeZone, r.now)}) AS free,
        EXISTS (SELECT 1 FROM waitlist_entries WHERE user_id = ${r.userId}::uuid
          AND treatment_id = ${treatment} AND appointment_date = ${date}) AS waiting`,
  )
  return (['treatment', 'closed', 'free', 'waiting'] as const).find((rule) => row?.[rule])
}

export interface EntryRow {
  id: string
  userId: string
  treatmentId: string
  treatmentName: string
  date: string
  offerId: string | null
  offerStart: string | null
  offerMinutes: number | null
  offerExpiresAt: string | null
}

const entryRows = (where: SqlValue) => sql`
  SELECT e.id, e.user_id AS "userId", e.treatment_id AS "treatmentId", t.name AS "treatmentName",
    to_char(e.appointment_date, 'YYYY-MM-DD') AS date, o.id AS "offerId",
    to_char(s.starts_at, 'HH24:MI') AS "offerStart", s.duration_minutes AS "offerMinutes",
    o.expires_at AS "offerExpiresAt"
  FROM waitlist_entries e
  JOIN treatments t ON t.id = e.treatment_id
  LEFT JOIN waitlist_offers o ON o.entry_id = e.id AND o.status = 'offered'
  LEFT JOIN treatment_slots s ON s.id = o.slot_id
  WHERE ${where}
  ORDER BY e.appointment_date, t.position, t.name`

export async function findEntry(db: Db, id: string) {
  const [row] = await queryRows<EntryRow>(db, entryRows(sql`e.id = ${id}::uuid`))
  return row
}

/** The patient's entries from `today` on, soonest first. */
export function listEntries(db: Db, userId: string, today: string) {
  return queryRows<EntryRow>(
    db,
    entryRows(sql`e.user_id = ${userId}::uuid AND e.appointment_date >= ${today}::date`),
  )
}

/** Removes the patient's own entry; its live hold goes with it (cascade), freeing the slot. */
export async function deleteEntry(db: Db, id: string, userId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM waitlist_entries WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING id`,
  )
  return rows.length > 0
}
