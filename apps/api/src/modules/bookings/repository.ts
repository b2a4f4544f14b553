import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { bookings, users } from '../../db/schema'
import { clinicClosedOn, slotsOn } from '../clinic/repository'
import { causeOf, type Refusal, translateViolation } from './booking-errors'

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

/**
 * Books in one statement. The treatment, the slot, the clinic being open and the slot not
 * having started are conditions of the INSERT … SELECT (no row: refused, see `refusalReason`);
 * the double-booking rules are the table's constraints, translated here into 409s.
 */
export async function insertBooking(db: Db, b: NewBooking): Promise<InsertedBooking | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertOnce(db, b)
    } catch (error) {
      // Two bookings of one patient checking the exclusion constraint at the same moment can each
      // wait for the other; PostgreSQL then aborts one (40P01). Run again, it meets the winner's row.
      if (causeOf(error).code === '40P01' && attempt < 3) continue
      throw translateViolation(error, b.date)
    }
  }
}

type InsertedRow = {
  id: string
  treatmentName: string
  price: number | null
  startsMs: number
  endsMs: number
}

async function insertOnce(db: Db, b: NewBooking): Promise<InsertedBooking | undefined> {
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
      RETURNING id, treatment_name AS "treatmentName", price_tk AS price,
        (extract(epoch FROM starts_at) * 1000)::float8 AS "startsMs", (extract(epoch FROM ends_at) * 1000)::float8 AS "endsMs"`,
  )
  if (!row) return undefined
  const { id, treatmentName, price, startsMs, endsMs } = row
  return { id, treatmentName, price, startsAt: new Date(startsMs), endsAt: new Date(endsMs) }
}

/** Which condition of `insertBooking` failed when it inserted nothing. */
export async function refusalReason(db: Db, b: NewBooking): Promise<Refusal> {
  const [row] = await queryRows<{ treatment: boolean; slot: boolean; closed: boolean }>(
    db,
    sql`
      SELECT EXISTS (SELECT 1 FROM treatments WHERE name = ${b.treatmentName}) AS treatment,
        EXISTS (
          SELECT 1 FROM treatments t JOIN treatment_slots s ON s.treatment_id = t.id
          WHERE t.name = ${b.treatmentName} AND s.starts_at = ${b.start}::time AND s.duration_minutes = ${b.minutes}::int
        ) AS slot,
        ${clinicClosedOn(b.date)} AS closed`,
  )
  if (!row?.treatment) return 'treatment'
  if (!row.slot) return 'slot'
  return row.closed ? 'closed' : 'started'
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
