import type { AgendaReminder, Attendance } from '@shared/agenda'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookingReminders, bookings, outbox, payments, users } from '../../db/schema'

const agendaFields = {
  id: bookings.id,
  userId: bookings.userId,
  status: bookings.status,
  startsAt: bookings.startsAt,
  slot: bookings.slotLabel,
  treatmentName: bookings.treatmentName,
  patientName: bookings.patientName,
  phone: bookings.phone,
  /*
   * Looked up per booking by primary key, not joined: with fresh statistics PostgreSQL would
   * hash-join by scanning every user (thousands) for a day's 200 bookings. A deleted account's
   * row keeps only a placeholder address, which is nobody's to write to.
   */
  email: sql<string | null>`(SELECT ${users.email} FROM ${users}
    WHERE ${users.id} = ${bookings.userId} AND ${users.deletedAt} IS NULL)`,
  price: bookings.priceTk,
  paid: bookings.paid,
  /*
   * Joined by the payment's unique booking index (one payment a booking at most, so no row is
   * repeated), not looked up per row: the correlated subquery ran once for every paid booking.
   * Counted only for a paid booking, as before: a refunded payment has unmarked its booking.
   */
  refundedMinor: sql<number>`CASE WHEN ${bookings.paid}
    THEN coalesce(${payments.amountRefundedMinor}, 0) ELSE 0 END`.mapWith(Number),
  attendance: bookings.attendance,
  // By the reminders' primary key (booking first), then each mail by its own: none for most rows.
  // The booking's id qualified by hand: a name alone would be looked up in the subquery first.
  reminders: sql<AgendaReminder[]>`(SELECT coalesce(json_agg(json_build_object('hoursBefore', r.hours_before,
      'state', CASE WHEN o.sent_at IS NOT NULL THEN 'sent' WHEN o.failed_at IS NOT NULL THEN 'failed'
        ELSE 'waiting' END) ORDER BY r.hours_before DESC), '[]'::json)
    FROM ${bookingReminders} r JOIN ${outbox} o ON o.id = r.outbox_id WHERE r.booking_id = "bookings"."id")`,
}

export type AgendaRow = Awaited<ReturnType<typeof agendaOf>>[number]

const selectAgenda = (db: Db) =>
  db.select(agendaFields).from(bookings).leftJoin(payments, eq(payments.bookingId, bookings.id))

/**
 * The day's active bookings across treatments in time order, in one query (the date index,
 * then each patient's row by primary key): the budget is p99 ≤ 25 ms for 200 bookings.
 */
export function agendaOf(db: Db, date: string) {
  return selectAgenda(db)
    .where(and(eq(bookings.appointmentDate, date), eq(bookings.status, 'booked')))
    .orderBy(asc(bookings.startsAt), asc(bookings.treatmentName), asc(bookings.id))
}

/** The booking, locked until the transaction ends, so that a cancellation waits for the mark. */
export async function lockBooking(tx: Db, id: string): Promise<AgendaRow | undefined> {
  const [row] = await selectAgenda(tx).where(eq(bookings.id, id)).for('update', { of: bookings })
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
