import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookings, users } from '../../db/schema'
import { type MailRenderers, patientMailRenderer } from '../outbox'
import { bookingMail, type ClinicFacts } from './booking-mail'

/** The booking as its mails show it now, and whether its patient is still there. */
async function bookingForMail(db: Db, id: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      email: users.email,
      patientDeletedAt: users.deletedAt,
      status: bookings.status,
      patientName: bookings.patientName,
      treatmentName: bookings.treatmentName,
      date: bookings.appointmentDate,
      slot: bookings.slotLabel,
      price: bookings.priceTk,
      sequence: bookings.sequence,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, id))
  return booking
}

/**
 * The confirmation and cancellation mails, which the database writes with the booking's id only
 * (triggers of migration 0006), and the reminders and moves that the reminder job and a reschedule
 * write so: rendered from the
 * booking when sent, stamped with the time the row was written, so that every attempt sends the
 * same calendar file.
 */
export function bookingMailRenderers(db: Db, clinic: ClinicFacts, now: () => Date): MailRenderers {
  const render = (kind: 'booked' | 'rescheduled' | 'cancelled') =>
    patientMailRenderer(
      (id) => bookingForMail(db, id),
      'the booking no longer exists',
      (booking, mail) => bookingMail(kind, booking, clinic, mail.createdAt),
    )
  return {
    booking_confirmed: render('booked'),
    booking_rescheduled: render('rescheduled'),
    booking_cancelled: render('cancelled'),
    booking_reminder: patientMailRenderer(
      (id) => bookingForMail(db, id),
      'the booking no longer exists',
      (booking, mail) => bookingMail('reminder', booking, clinic, mail.createdAt),
      // Written before a cancellation, or sent too late: a reminder of nothing would mislead.
      (booking) => {
        if (booking.status !== 'booked') return 'the booking was cancelled'
        return booking.startsAt <= now() ? 'the appointment has begun' : null
      },
    ),
  }
}
