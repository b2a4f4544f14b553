import { and, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookings, users } from '../../db/schema'
import type { MailContent } from '../../lib/mail-content'
import type { BookingFacts } from '../bookings'

/** Which appointments a change touches, as a condition on `bookings`. */
export const ofTreatment = (id: string) => eq(bookings.treatmentId, id)
export const ofSlot = (id: string) => eq(bookings.slotId, id)
export const onDate = (date: string) => eq(bookings.appointmentDate, date)
export const onWeekdays = (weekdays: number[]) =>
  inArray(sql`extract(dow FROM ${bookings.appointmentDate})::int`, weekdays)

const upcomingIn = (scope: SQL | undefined, now: Date) =>
  and(scope, eq(bookings.status, 'booked'), gt(bookings.startsAt, now))

export type AffectedBooking = BookingFacts & { userId: string; paid: boolean; patientDeleted: boolean }

/** How many upcoming appointments are in `scope`, and how many of them are paid. */
export async function countAffected(db: Db, scope: SQL | undefined, now: Date) {
  const [row] = await db
    .select({
      bookings: count(),
      paid: sql<number>`count(*) FILTER (WHERE ${bookings.paid})`.mapWith(Number),
    })
    .from(bookings)
    .where(upcomingIn(scope, now))
  return { bookings: row?.bookings ?? 0, paid: row?.paid ?? 0 }
}

/**
 * Until the transaction ends no booking can be written: made, paid or cancelled (SHARE ROW
 * EXCLUSIVE conflicts with the ROW EXCLUSIVE lock every INSERT and UPDATE takes, and with
 * itself). A booking statement already running is waited for, so it is counted; one that comes
 * after waits, then reads the change. None slips between the count and the change.
 */
export async function lockBookings(tx: Db): Promise<void> {
  await tx.execute(sql`LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE`)
}

export function findAffected(tx: Db, scope: SQL, now: Date): Promise<AffectedBooking[]> {
  return tx
    .select({
      id: bookings.id,
      userId: bookings.userId,
      email: users.email,
      patientDeleted: sql<boolean>`${users.deletedAt} IS NOT NULL`,
      patientName: bookings.patientName,
      treatmentName: bookings.treatmentName,
      date: bookings.appointmentDate,
      slot: bookings.slotLabel,
      price: bookings.priceTk,
      sequence: bookings.sequence,
      paid: bookings.paid,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(upcomingIn(scope, now))
    .orderBy(bookings.startsAt)
}

/**
 * Cancels these (unpaid) appointments; the slots are free at once. Each patient is given the
 * clinic's notice (`replaceCancellationMail`), in the same transaction.
 */
export async function cancelForClinic(
  tx: Db,
  affected: AffectedBooking[],
  now: Date,
  notice: (booking: AffectedBooking) => MailContent,
): Promise<number> {
  if (affected.length === 0) return 0
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        inArray(
          bookings.id,
          affected.map((b) => b.id),
        ),
        eq(bookings.status, 'booked'),
        eq(bookings.paid, false),
      ),
    )
    .returning({ id: bookings.id })
  const ids = new Set(cancelled.map((row) => row.id))
  await replaceCancellationMail(
    tx,
    affected.filter((b) => ids.has(b.id)),
    notice,
  )
  return cancelled.length
}

/**
 * The cancellation mail the database wrote for each of these cancelled appointments (trigger of
 * migration 0006) is given the clinic's notice as its text, in the transaction that cancelled
 * them, before any sender can see it: each patient gets exactly one cancellation mail, saying why.
 */
export async function replaceCancellationMail(
  tx: Db,
  cancelled: AffectedBooking[],
  notice: (booking: AffectedBooking) => MailContent,
): Promise<void> {
  // A patient who deleted their account gets no mail: the sender skips theirs.
  const notices = cancelled
    .filter((b) => !b.patientDeleted)
    .map((b) => ({ booking_id: b.id, message: notice(b) }))
  if (notices.length === 0) return
  await tx.execute(sql`
    UPDATE outbox SET message = v.message
    FROM jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) AS v(booking_id uuid, message jsonb)
    WHERE outbox.booking_id = v.booking_id AND outbox.kind = 'booking_cancelled' AND outbox.sent_at IS NULL`)
}
