import type { Booking } from '@shared/bookings'
import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { isoInstant, readList } from '../../db/json-list'
import { pgError } from '../../db/pg-error'
import { bookings, clinicSettings } from '../../db/schema'
import { clinicClosedOn, slotsOn } from '../clinic'
import { REFUSAL_ORDER, type Refusal } from './booking-errors'

export interface NewBooking {
  userId: string
  treatmentName: string
  date: string
  /** The slot as its clinic-local start 'HH:MM' and length, read from its label. */
  start: string
  minutes: number
  slotLabel: string
  patientName: string
  phone: string
  idempotencyKey: string | null
  /** What the key stands for: a replay with this key must ask for the same booking. */
  requestHash: string | null
  timeZone: string
  now: Date
}

export interface InsertedBooking {
  id: string
}

type InsertedRow = {
  id: string
  userId: string
  treatmentName: string
  date: string
  slotLabel: string
  patientName: string
  phone: string
  idempotencyKey: string | null
}

const requestRow = (b: NewBooking, n: number) => ({
  n,
  user_id: b.userId,
  treatment_name: b.treatmentName,
  date: b.date,
  start: b.start,
  minutes: b.minutes,
  slot_label: b.slotLabel,
  patient_name: b.patientName,
  phone: b.phone,
  idempotency_key: b.idempotencyKey,
  request_hash: b.requestHash,
  time_zone: b.timeZone,
  now: b.now.toISOString(),
})

/**
 * Booking requests as rows named `r`, numbered in order by `r.n`, sent as one JSON parameter: the
 * statement's text is the same for any number of requests, so each database plans it once. A
 * VALUES list made one text per batch size, each parsed and planned at its first use, in the
 * middle of a rush (decision 0062).
 */
const requestRows = (
  batch: NewBooking[],
) => sql`json_to_recordset(${JSON.stringify(batch.map(requestRow))}::json)
  AS r(n int, user_id uuid, treatment_name text, date date, start time, minutes int, slot_label text,
    patient_name text, phone text, idempotency_key text, request_hash text, time_zone text, now timestamptz)`

/** The same booking request as a row RETURNING gave back: what the patient asked for, as stored. */
const sameRequest = (b: NewBooking, row: InsertedRow) =>
  row.userId === b.userId &&
  row.treatmentName === b.treatmentName &&
  row.date === b.date &&
  row.slotLabel === b.slotLabel &&
  row.patientName === b.patientName &&
  row.phone === b.phone &&
  row.idempotencyKey === b.idempotencyKey

/**
 * Triggers on this insert (docs/database-triggers.md): the confirmation mail, the availability
 * announcement, and the limit of upcoming bookings and the deleted-patient refusal.
 *
 * Books in one statement, or refuses by inserting nothing: several requests at once, each
 * answered in order with its booking or undefined. The treatment, the slot, the clinic being
 * open and the slot not having started are conditions of the INSERT … SELECT; the
 * double-booking rules are the table's unique indexes and exclusion constraint, which ON CONFLICT
 * DO NOTHING turns into "no row" instead of an error (an error costs PostgreSQL milliseconds,
 * and PGlite several times the insert). A slot already seen booked is left out before that: an
 * index lookup instead of a tentative insert (most attempts in a rush are for such slots). Rows
 * go in in request order, so among requests that conflict the first wins, as if they had come
 * one by one. `whyRefused` then names the rule. `created_at` is the server's clock, as the start
 * is checked against: the reminder job skips the reminders whose moment came before it.
 *
 * The one rule that fails the statement instead is the limit of upcoming bookings per patient
 * (trigger `bookings_max_upcoming`, migration 0004: a count, which no index can express): see
 * `isOverUpcomingLimit`. The batch then fails as a whole and each request is tried alone.
 */
export async function insertBookings(db: Db, batch: NewBooking[]): Promise<(InsertedBooking | undefined)[]> {
  const rows = await queryRows<InsertedRow>(
    db,
    sql`
      INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
        treatment_name, slot_label, price_tk, patient_name, phone, idempotency_key, request_hash, created_at)
      SELECT r.user_id, t.id, s.id, r.date, s.starts_at_instant,
        s.starts_at_instant + make_interval(mins => s.duration_minutes),
        t.name, r.slot_label, t.price_tk, r.patient_name, r.phone, r.idempotency_key, r.request_hash, r.now
      FROM ${requestRows(batch)}
      JOIN treatments t ON t.name = r.treatment_name AND t.retired_at IS NULL
      JOIN LATERAL ${slotsOn(sql`r.date`, sql`r.time_zone`)} s ON s.treatment_id = t.id
      WHERE s.starts_at = r.start AND s.duration_minutes = r.minutes AND s.starts_at_instant > r.now
        AND NOT ${clinicClosedOn(sql`r.date`)}
        AND NOT EXISTS (SELECT 1 FROM bookings WHERE treatment_id = t.id AND appointment_date = r.date
          AND slot_id = s.id AND status = 'booked')
      ORDER BY r.n
      ON CONFLICT DO NOTHING
      RETURNING id, user_id AS "userId", treatment_name AS "treatmentName",
        to_char(appointment_date, 'YYYY-MM-DD') AS date, slot_label AS "slotLabel",
        patient_name AS "patientName", phone, idempotency_key AS "idempotencyKey"`,
  )
  const unclaimed = [...rows]
  return batch.map((b) => {
    const at = unclaimed.findIndex((row) => sameRequest(b, row))
    if (at < 0) return undefined
    const [{ id }] = unclaimed.splice(at, 1) as [InsertedRow]
    return { id }
  })
}

type RefusalRow = Record<Refusal, boolean> & { n: number }

/**
 * Which rule refused each booking that `insertBookings` did not insert: first the conditions of
 * its SELECT, then the constraints in the order PostgreSQL checks them (bookings_slot_taken,
 * bookings_one_per_treatment_day, bookings_no_overlap_per_patient). Undefined when none holds any
 * more: the conflicting booking was cancelled in between, and booking again may succeed.
 */
export async function whyRefused(db: Db, batch: NewBooking[]): Promise<(Refusal | undefined)[]> {
  const rows = await queryRows<RefusalRow>(
    db,
    sql`
      SELECT r.n, t.id IS NULL AS treatment, s.id IS NULL AS slot, ${clinicClosedOn(sql`r.date`)} AS closed,
        s.starts_at_instant <= r.now AS started,
        EXISTS (SELECT 1 FROM bookings WHERE treatment_id = t.id AND appointment_date = r.date
          AND slot_id = s.id AND status = 'booked') AS taken,
        EXISTS (SELECT 1 FROM bookings WHERE user_id = r.user_id AND treatment_id = t.id
          AND appointment_date = r.date AND status = 'booked') AS "sameDay",
        EXISTS (SELECT 1 FROM bookings WHERE user_id = r.user_id AND status = 'booked'
          AND tstzrange(starts_at, ends_at)
            && tstzrange(s.starts_at_instant, s.starts_at_instant + make_interval(mins => s.duration_minutes))) AS overlap
      FROM ${requestRows(batch)}
      LEFT JOIN treatments t ON t.name = r.treatment_name AND t.retired_at IS NULL
      LEFT JOIN LATERAL ${slotsOn(sql`r.date`, sql`r.time_zone`)} s ON s.treatment_id = t.id
        AND s.starts_at = r.start AND s.duration_minutes = r.minutes`,
  )
  const byRequest = new Map(rows.map((row) => [row.n, row]))
  return batch.map((_, n) => {
    const row = byRequest.get(n)
    return REFUSAL_ORDER.find((rule) => row?.[rule])
  })
}

/** The trigger's refusal: the patient already holds the configured number of upcoming bookings. */
export const isOverUpcomingLimit = (error: unknown) => pgError(error).constraint === 'bookings_max_upcoming'

/** The trigger's refusal (migration 0005): the account was deleted while this booking was on its way. */
export const isDeletedPatient = (error: unknown) =>
  pgError(error).constraint === 'bookings_patient_not_deleted'

/** The limit the trigger reads; the server writes its MAX_UPCOMING_BOOKINGS here at start. */
export async function saveUpcomingLimit(db: Db, limit: number): Promise<void> {
  await db
    .insert(clinicSettings)
    .values({ name: 'max_upcoming_bookings', value: limit })
    .onConflictDoUpdate({ target: clinicSettings.name, set: { value: limit } })
}

export async function findByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select({ id: bookings.id, requestHash: bookings.requestHash })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
  return row
}

/** A booking as the API sends it, and its patient's id (who may see it). */
export type BookingRow = Booking & { userId: string }

/**
 * The bookings `which` picks (on `b`), built by the database as the API sends them (readList).
 * The patient's address by the users' primary key; the payment, if any, by its unique booking
 * index (one a booking at most, so no row is repeated).
 */
function bookingsWhere(db: Db, which: SQL, order: SQL): Promise<BookingRow[]> {
  return readList<BookingRow>(
    db,
    sql`SELECT b.id AS "_id", b.user_id AS "userId", b.patient_name AS "patientName",
      b.treatment_name AS "treatmentName", to_char(b.appointment_date, 'YYYY-MM-DD') AS "appointmentDate",
      b.slot_label AS slot, b.price_tk AS price, b.paid,
      coalesce(p.status = 'refunded', false) AS refunded, u.email, b.phone, b.status,
      ${isoInstant(sql`b.starts_at`)} AS "startsAt"
    FROM bookings b JOIN users u ON u.id = b.user_id LEFT JOIN payments p ON p.booking_id = b.id
    WHERE ${which}`,
    order,
  )
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await bookingsWhere(db, sql`b.id = ${id}::uuid`, sql`list."_id"`)
  return row
}

/**
 * My Appointment: upcoming appointments first (soonest first), then the history (latest first);
 * the patient's bookings by bookings_user_idx. The ISO strings, all UTC to the millisecond, sort
 * and compare as their instants.
 */
export function listBookings(db: Db, userId: string, now: Date): Promise<BookingRow[]> {
  const upcoming = sql`(list.status = 'booked' AND list."startsAt" > ${now.toISOString()}::text)`
  return bookingsWhere(
    db,
    sql`b.user_id = ${userId}::uuid`,
    sql`${upcoming} DESC, CASE WHEN ${upcoming} THEN list."startsAt" END, list."startsAt" DESC`,
  )
}

/**
 * Cancels only an active, unpaid booking of this patient that has not started; else nothing. Its
 * triggers write the cancellation mail and announce the freed slot (docs/database-triggers.md).
 */
export async function cancelBooking(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const cancelled = await db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.userId, userId),
        eq(bookings.status, 'booked'),
        eq(bookings.paid, false),
        gt(bookings.startsAt, now),
      ),
    )
    .returning({ id: bookings.id })
  return cancelled.length > 0
}
