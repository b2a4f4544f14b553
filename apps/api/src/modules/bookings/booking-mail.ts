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
  /** The calendar event's SEQUENCE: how often the booking was moved. */
  sequence: number
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
  rescheduled: 'Your appointment at Doctors Portal has moved to the time below.',
  cancelled: 'Your appointment at Doctors Portal is cancelled. The slot is free again for other patients.',
}

const SUBJECT = {
  booked: 'Booking confirmed',
  reminder: 'Reminder',
  rescheduled: 'Appointment moved',
  cancelled: 'Booking cancelled',
}

/** A move sends the event's UID again with a higher SEQUENCE: calendars move it, not add one. */
const CALENDAR_NOTE = {
  booked: 'The attached calendar file adds the appointment to your calendar.',
  reminder: 'The attached calendar file adds the appointment to your calendar.',
  rescheduled: 'The attached calendar file moves the appointment in your calendar.',
  cancelled: 'The attached calendar file removes the appointment from your calendar.',
}

export type BookingMailKind = keyof typeof SUBJECT

/**
 * The confirmation of a booking, its reminder or its move, or its cancellation, with an
 * .ics for the patient's calendar.
 */
export function bookingMail(
  kind: BookingMailKind,
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
    CALENDAR_NOTE[kind],
  ].join('\n')
  return {
    to: b.email,
    subject: `${SUBJECT[kind]}: ${b.treatmentName} on ${when}`,
    text,
    attachments: [appointmentCalendarFile(active ? 'REQUEST' : 'CANCEL', b, details, clinic, now)],
  }
}
