import type { AgendaEntry, AgendaWaitlist, Attendance } from '@shared/agenda'
import { eq, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { isoInstant, readList } from '../../db/json-list'
import { bookings } from '../../db/schema'

/**
 * The agenda's entries of the bookings `which` picks (on `b`), built by the database as the API
 * sends them, in one JSON value (readList).
 */
function entries(db: Db, which: SQL): Promise<AgendaEntry[]> {
  return readList<AgendaEntry>(
    db,
    sql`SELECT b.id AS "_id", ${isoInstant(sql`b.starts_at`)} AS "startsAt", b.slot_label AS slot,
      b.treatment_name AS "treatmentName", b.patient_name AS "patientName", b.phone,
      /*
       * Looked up per booking by primary key, not joined: with fresh statistics PostgreSQL would
       * hash-join by scanning every user (thousands) for a day's 200 bookings. A deleted
       * account's row keeps only a placeholder address, which is nobody's to write to.
       */
      (SELECT u.email FROM users u WHERE u.id = b.user_id AND u.deleted_at IS NULL) AS email,
      b.price_tk AS price, b.paid,
      /*
       * Joined by the payment's unique booking index (one payment a booking at most, so no row
       * is repeated), not looked up per row: the correlated subquery ran once for every paid
       * booking. Counted only for a paid booking: a refunded payment has unmarked its booking.
       */
      (CASE WHEN b.paid THEN coalesce(p.amount_refunded_minor, 0) ELSE 0 END)::float8 / 100 AS refunded,
      b.attendance, coalesce(reminder.list, '[]'::json) AS reminders
    FROM bookings b LEFT JOIN payments p ON p.booking_id = b.id
    /*
     * The picked bookings' reminders, grouped in one pass: an ordered aggregate per booking (a
     * correlated subquery) sets up a sort for each row, which cost PGlite 85 ms of a 200-booking
     * day's 100 (decision 0038). Grouped, the planner sorts the reminders once by booking and hours.
     */
    LEFT JOIN (
      SELECT r.booking_id, json_agg(json_build_object('hoursBefore', r.hours_before,
          'state', CASE WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.failed_at IS NOT NULL THEN 'failed'
            ELSE 'waiting' END) ORDER BY r.hours_before DESC) AS list
      FROM booking_reminders r JOIN outbox o ON o.id = r.outbox_id
      WHERE r.booking_id IN (SELECT b.id FROM bookings b WHERE ${which})
      GROUP BY r.booking_id
    ) reminder ON reminder.booking_id = b.id
    WHERE ${which}`,
    // The ISO strings, all UTC to the millisecond, sort as their instants.
    sql`list."startsAt", list."treatmentName", list."_id"`,
  )
}

/**
 * The day's active bookings across treatments in time order, in one query (the date index,
 * then each patient's row by primary key): the budget is p99 ≤ 25 ms for 200 bookings.
 */
export const agendaOf = (db: Db, date: string) =>
  entries(db, sql`b.appointment_date = ${date}::date AND b.status = 'booked'`)

/** Patients waiting per treatment on the day, counted in one query by the waitlist's line index. */
export const waitlistOf = (db: Db, date: string) =>
  queryRows<AgendaWaitlist>(
    db,
    sql`SELECT t.name AS "treatmentName", count(*)::integer AS waiting
      FROM waitlist_entries w JOIN treatments t ON t.id = w.treatment_id
      WHERE w.appointment_date = ${date}::date
      GROUP BY t.id, t.name, t.position ORDER BY t.position, t.name`,
  )

export async function entryOf(db: Db, id: string): Promise<AgendaEntry | undefined> {
  const [entry] = await entries(db, sql`b.id = ${id}::uuid`)
  return entry
}

/**
 * What marking attendance checks, the booking's row locked until the transaction ends, so that a
 * cancellation waits for the mark.
 */
export async function lockBooking(tx: Db, id: string) {
  const [row] = await tx
    .select({ userId: bookings.userId, status: bookings.status, startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update')
  return row
}

export async function setAttendance(
  tx: Db,
  id: string,
  attendance: Attendance | null,
  now: Date,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ attendance, attendanceMarkedAt: attendance ? now : null })
    .where(eq(bookings.id, id))
}
