import type { MailMessage } from '../../providers/mail/mailer'
import { bookingMail, type ClinicFacts } from '../bookings/booking-mail'
import { receiptMail } from '../payments'
import type { bookingToMail, ClaimedMail } from './repository'

type BookingToMail = Awaited<ReturnType<typeof bookingToMail>>

/** The message a claimed mail stands for, or why there is none to send any more. */
export function renderMail(
  mail: ClaimedMail,
  booking: BookingToMail | undefined,
  clinic: ClinicFacts,
): MailMessage | { skip: string } {
  if (mail.message) return { id: mail.id, ...mail.message }
  if (!booking) return { skip: 'the booking no longer exists' }
  if (booking.patientDeletedAt) return { skip: 'the patient deleted their account' }
  if (mail.kind === 'payment_receipt' || mail.kind === 'refund_receipt') {
    const { amountMinor, amountRefundedMinor } = booking
    if (amountMinor === null || amountRefundedMinor === null) return { skip: 'the payment no longer exists' }
    const kind =
      mail.kind === 'payment_receipt'
        ? 'payment'
        : amountRefundedMinor < amountMinor
          ? 'partial_refund'
          : 'refund'
    return {
      id: mail.id,
      ...receiptMail(kind, { ...booking, amountMinor, amountRefundedMinor }, clinic.publicUrl),
    }
  }
  const kind = mail.kind === 'booking_cancelled' ? 'cancelled' : 'booked'
  // Stamped with the time it was written, so that every attempt sends the same calendar file.
  return { id: mail.id, ...bookingMail(kind, booking, clinic, mail.createdAt) }
}
