import { formatMediumDate } from '@shared/clinic-time'
import type { MailContent } from '../../lib/mail-content'
import { appointmentCalendarFile } from './calendar-invite'

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

const INTRO = {
  booked: 'Your appointment at Doctors Portal is booked.',
  reminder: 'This is a reminder of your appointment at Doctors Portal.',
  cancelled: 'Your appointment at Doctors Portal is cancelled. The slot is free again for other patients.',
}

const SUBJECT = { booked: 'Booking confirmed', reminder: 'Reminder', cancelled: 'Booking cancelled' }

/**
 * The confirmation of a booking, its reminder (issue 22) or its cancellation, with an .ics for
 * the patient's calendar.
 */
export function bookingMail(
  kind: 'booked' | 'reminder' | 'cancelled',
  b: BookingFacts,
  clinic: ClinicFacts,
  now: Date,
): MailContent {
  const when = `${formatMediumDate(b.date)}, ${b.slot}`
  const active = kind !== 'cancelled'
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
    INTRO[kind],
    '',
    ...details,
    '',
    active
      ? `See or cancel your appointments at ${clinic.publicUrl}/dashboard`
      : `Book another appointment at ${clinic.publicUrl}/appointment`,
    '',
    active
      ? 'The attached calendar file adds the appointment to your calendar.'
      : 'The attached calendar file removes the appointment from your calendar.',
  ].join('\n')
  return {
    to: b.email,
    subject: `${SUBJECT[kind]}: ${b.treatmentName} on ${when}`,
    text,
    attachments: [appointmentCalendarFile(active ? 'REQUEST' : 'CANCEL', b, details, clinic, now)],
  }
}
