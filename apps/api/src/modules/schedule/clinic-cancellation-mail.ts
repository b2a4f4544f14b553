import { formatMediumDate } from '@shared/clinic-time'
import type { MailContent } from '../../lib/mail-content'
import type { BookingFacts, ClinicFacts } from '../bookings'
import { appointmentCalendarFile } from '../bookings'

/** Why the clinic cancelled ("… because {reason}."), and whether the patient's payment was refunded. */
export interface ClinicNotice {
  reason: string
  refunded: boolean
}

/**
 * The notice to a patient whose appointment the clinic cancelled (a treatment retired, a slot
 * removed, a day closed): unlike the patient's own cancellation it says who cancelled and why,
 * and apologises; a paid one says it was refunded in full (the receipt is a mail of its own).
 * The calendar file removes the event the confirmation added.
 */
export function clinicCancellationMail(
  b: BookingFacts,
  { reason, refunded }: ClinicNotice,
  clinic: ClinicFacts,
  now: Date,
): MailContent {
  const when = `${formatMediumDate(b.date)}, ${b.slot}`
  const details = [
    `Treatment: ${b.treatmentName}`,
    `Patient: ${b.patientName}`,
    `Date: ${formatMediumDate(b.date)}`,
    `Time: ${b.slot} (${clinic.timeZone} time)`,
    ...(b.price === null ? [] : [`Fee: ${b.price} TK (${refunded ? 'refunded in full' : 'not charged'})`]),
  ]
  const text = [
    `Hello ${b.patientName},`,
    '',
    `We are sorry: the clinic has cancelled your appointment at Doctors Portal, because ${reason}.`,
    '',
    ...(refunded
      ? ['Your payment has been refunded in full; the receipt of the refund comes in a separate mail.', '']
      : []),
    ...details,
    '',
    `Please book another appointment at ${clinic.publicUrl}/appointment`,
    '',
    'The attached calendar file removes the appointment from your calendar.',
  ].join('\n')
  return {
    to: b.email,
    subject: `Cancelled by the clinic: ${b.treatmentName} on ${when}`,
    text,
    attachments: [appointmentCalendarFile('CANCEL', b, details, clinic, now)],
  }
}
