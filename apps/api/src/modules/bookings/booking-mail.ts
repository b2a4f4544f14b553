import { formatMediumDate } from '@shared/clinic-time'
import { fromAddress, type MailContent } from '../../providers/mail/mailer'
import { calendarInvite } from './calendar-invite'

export interface BookingFacts {
  id: string
  email: string
  patientName: string
  treatmentName: string
  date: string
  slot: string
  price: number | null
  startsAt: Date
  endsAt: Date
}

export interface ClinicFacts {
  timeZone: string
  publicUrl: string
  /** The From header, 'Doctors Portal <no-reply@…>': its address organises the event. */
  from: string
}

/** The confirmation of a booking or of its cancellation, with an .ics for the patient's calendar. */
export function bookingMail(
  kind: 'booked' | 'cancelled',
  b: BookingFacts,
  clinic: ClinicFacts,
  now: Date,
): MailContent {
  const when = `${formatMediumDate(b.date)}, ${b.slot}`
  const booked = kind === 'booked'
  const details = [
    `Treatment: ${b.treatmentName}`,
    `Patient: ${b.patientName}`,
    `Date: ${formatMediumDate(b.date)}`,
    `Time: ${b.slot} (${clinic.timeZone} time)`,
    ...(b.price === null ? [] : [`Fee: ${b.price} TK`]),
  ]
  const text = [
    `Hello ${b.patientName},`,
    '',
    booked
      ? 'Your appointment at Doctors Portal is booked.'
      : 'Your appointment at Doctors Portal is cancelled. The slot is free again for other patients.',
    '',
    ...details,
    '',
    booked
      ? `See or cancel your appointments at ${clinic.publicUrl}/dashboard`
      : `Book another appointment at ${clinic.publicUrl}/appointment`,
    '',
    booked
      ? 'The attached calendar file adds the appointment to your calendar.'
      : 'The attached calendar file removes the appointment from your calendar.',
  ].join('\n')
  const method = booked ? 'REQUEST' : 'CANCEL'
  return {
    to: b.email,
    subject: `${booked ? 'Booking confirmed' : 'Booking cancelled'}: ${b.treatmentName} on ${when}`,
    text,
    attachments: [
      {
        filename: booked ? 'appointment.ics' : 'cancellation.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: calendarInvite({
          method,
          uid: b.id,
          startsAt: b.startsAt,
          endsAt: b.endsAt,
          summary: `${b.treatmentName} at Doctors Portal`,
          description: details.join('\n'),
          organizerEmail: fromAddress(clinic.from),
          attendeeEmail: b.email,
          now,
        }),
      },
    ],
  }
}
