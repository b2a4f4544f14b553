import { eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { pgError } from '../../db/pg-error'
import { bookingReminders, bookings, outbox } from '../../db/schema'
import { clinicClosedOn, slotsOn } from '../clinic'
import type { Refusal } from './booking-errors'

/** The booking as it is before the move, its row locked until the transaction ends. */
export async function lockOwnBooking(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      userId: bookings.userId,
      status: bookings.status,
      treatmentName: bookings.treatmentName,
      date: bookings.appointmentDate,
      slotLabel: bookings.slotLabel,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(eq(bookings.id, id))
    .for('update')
  return row
}

export interface SlotAsked {
  bookingId: string
  date: string
  /** Clinic-local start 'HH:MM' and length, read from the label. */
  start: string
  minutes: number
  slotLabel: string
  timeZone: string
  now: Date
}

/**
 * Moves the booking to a slot of its own treatment in one statement, under the rules of a new
 * booking (the treatment offered, the slot offered that day, the clinic open, the slot not
 * started): false when one of them refuses. The double-booking rules are the table's unique
 * indexes and exclusion constraint, which refuse the row with an error (see `moveRefusal`): two
 * patients moving into one slot at once, the second waits for the first and fails.
 */
export async function moveBooking(tx: Db, asked: SlotAsked): Promise<boolean> {
  const moved = await queryRows<{ id: string }>(
    tx,
    sql`
      UPDATE bookings b SET slot_id = s.id, appointment_date = ${asked.date}::date,
        starts_at = s.starts_at_instant,
        ends_at = s.starts_at_instant + make_interval(mins => s.duration_minutes),
        slot_label = ${asked.slotLabel}, sequence = b.sequence + 1,
        rescheduled_at = ${asked.now.toISOString()}::timestamptz
      FROM treatments t, ${slotsOn(asked.date, asked.timeZone)} s
      WHERE b.id = ${asked.bookingId}::uuid AND t.id = b.treatment_id AND t.retired_at IS NULL
        AND s.treatment_id = t.id AND s.starts_at = ${asked.start}::time
        AND s.duration_minutes = ${asked.minutes}::int
        AND s.starts_at_instant > ${asked.now.toISOString()}::timestamptz
        AND NOT ${clinicClosedOn(asked.date)}
      RETURNING b.id`,
  )
  return moved.length > 0
}

/** Which double-booking rule refused the move, or undefined for another error. */
export function moveRefusal(error: unknown): Refusal | 'upcomingLimit' | undefined {
  const constraint = pgError(error).constraint
  if (constraint === 'bookings_slot_taken') return 'taken'
  if (constraint === 'bookings_one_per_treatment_day') return 'sameDay'
  if (constraint === 'bookings_no_overlap_per_patient') return 'overlap'
  if (constraint === 'bookings_max_upcoming') return 'upcomingLimit'
  return undefined
}

/**
 * The reminders were for the old time: the unsent ones go (their mails would name the new time
 * too early), and the records of sent ones too, so that the reminder job writes them again for
 * the new time. Then the one mail of the move, rendered from the booking when sent.
 */
export async function forgetRemindersAndMailMove(tx: Db, bookingId: string): Promise<void> {
  const reminders = await tx
    .delete(bookingReminders)
    .where(eq(bookingReminders.bookingId, bookingId))
    .returning({ outboxId: bookingReminders.outboxId })
  if (reminders.length > 0)
    await tx.execute(sql`DELETE FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL
      AND id IN (${sql.join(
        reminders.map((r) => sql`${r.outboxId}::uuid`),
        sql`, `,
      )})`)
  await tx.insert(outbox).values({ kind: 'booking_rescheduled', bookingId })
}
