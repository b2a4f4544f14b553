import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { bookings, users } from '../../db/schema'
import { clinicClosedOn, slotsOn } from '../clinic/repository'
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
  timeZone: string
  now: Date
}

export interface InsertedBooking {
  id: string
  treatmentName: string
  price: number | null
  startsAt: Date
  endsAt: Date
}

type InsertedRow = {
  id: string
  treatmentName: string
  price: number | null
  startsMs: number
  endsMs: number
}

/**
 * Books in one statement, or refuses by inserting nothing. The treatment, the slot, the clinic
 * being open and the slot not having started are conditions of the INSERT … SELECT; the
 * double-booking rules are the table's unique indexes and exclusion constraint, which ON CONFLICT
 * DO NOTHING turns into "no row" instead of an error (an error costs PostgreSQL milliseconds,
 * and PGlite several times the insert). `whyRefused` then names the rule.
 */
export async function insertBooking(db: Db, b: NewBooking): Promise<InsertedBooking | undefined> {
  const [row] = await queryRows<InsertedRow>(
    db,
    sql`
      INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
        treatment_name, slot_label, price_tk, patient_name, phone, idempotency_key)
      SELECT ${b.userId}::uuid, t.id, s.id, ${b.date}::date, s.starts_at_instant,
        s.starts_at_instant + make_interval(mins => s.duration_minutes),
        t.name, ${b.slotLabel}::text, t.price_tk, ${b.patientName}::text, ${b.phone}::text, ${b.idempotencyKey}::text
      FROM treatments t JOIN ${slotsOn(b.date, b.timeZone)} s ON s.treatment_id = t.id
      WHERE t.name = ${b.treatmentName} AND s.starts_at = ${b.start}::time AND s.duration_minutes = ${b.minutes}::int
        AND s.starts_at_instant > ${b.now.toISOString()}::timestamptz
        AND NOT ${clinicClosedOn(b.date)}
      ON CONFLICT DO NOTHING
      RETURNING id, treatment_name AS "treatmentName", price_tk AS price,
        (extract(epoch FROM starts_at) * 1000)::float8 AS "startsMs", (extract(epoch FROM ends_at) * 1000)::float8 AS "endsMs"`,
  )
  if (!row) return undefined
  const { id, treatmentName, price, startsMs, endsMs } = row
  return { id, treatmentName, price, startsAt: new Date(startsMs), endsAt: new Date(endsMs) }
}

type RefusalRow = Record<Refusal, boolean>

/**
 * Which rule refused a booking that `insertBooking` did not insert: first the conditions of its
 * SELECT, then the constraints in the order PostgreSQL checks them (bookings_slot_taken,
 * bookings_one_per_treatment_day, bookings_no_overlap_per_patient). Undefined when none holds any
 * more: the conflicting booking was cancelled in between, and booking again may succeed.
 */
export async function whyRefused(db: Db, b: NewBooking): Promise<Refusal | undefined> {
  const [row] = await queryRows<RefusalRow>(
    db,
    sql`
      SELECT t.id IS NULL AS treatment, s.id IS NULL AS slot, ${clinicClosedOn(b.date)} AS closed,
        s.starts_at_instant <= ${b.now.toISOString()}::timestamptz AS started,
        EXISTS (SELECT 1 FROM bookings WHERE treatment_id = t.id AND appointment_date = ${b.date}::date
          AND slot_id = s.id AND status = 'booked') AS taken,
        EXISTS (SELECT 1 FROM bookings WHERE user_id = ${b.userId}::uuid AND treatment_id = t.id
          AND appointment_date = ${b.date}::date AND status = 'booked') AS "sameDay",
        EXISTS (SELECT 1 FROM bookings WHERE user_id = ${b.userId}::uuid AND status = 'booked'
          AND tstzrange(starts_at, ends_at)
            && tstzrange(s.starts_at_instant, s.starts_at_instant + make_interval(mins => s.duration_minutes))) AS overlap
      FROM (SELECT 1) AS one
      LEFT JOIN treatments t ON t.name = ${b.treatmentName}
      LEFT JOIN ${slotsOn(b.date, b.timeZone)} s ON s.treatment_id = t.id AND s.starts_at = ${b.start}::time
        AND s.duration_minutes = ${b.minutes}::int`,
  )
  return REFUSAL_ORDER.find((rule) => row?.[rule])
}

export async function findIdByIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)))
  return row?.id
}

const bookingFields = {
  id: bookings.id,
  userId: bookings.userId,
  patientName: bookings.patientName,
  treatmentName: bookings.treatmentName,
  appointmentDate: bookings.appointmentDate,
  slotLabel: bookings.slotLabel,
  price: bookings.priceTk,
  paid: bookings.paid,
  email: users.email,
  phone: bookings.phone,
  status: bookings.status,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
}

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>

const selectBookings = (db: Db) =>
  db.select(bookingFields).from(bookings).innerJoin(users, eq(users.id, bookings.userId))

export async function findBooking(db: Db, id: string) {
  const [row] = await selectBookings(db).where(eq(bookings.id, id))
  return row
}

/** Upcoming appointments first (soonest first), then the history (latest first). */
export function listBookings(db: Db, userId: string, now: Date) {
  const upcoming = sql`(${bookings.status} = 'booked' AND ${bookings.startsAt} > ${now.toISOString()}::timestamptz)`
  return selectBookings(db)
    .where(eq(bookings.userId, userId))
    .orderBy(
      desc(upcoming),
      sql`CASE WHEN ${upcoming} THEN ${bookings.startsAt} END`,
      desc(bookings.startsAt),
    )
}

/** Cancels only an active, unpaid booking of this patient that has not started; else nothing. */
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
