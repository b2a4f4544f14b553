import type { MailAttachment } from '../../lib/mail-content'
import { fromAddress } from '../../providers/mail/mailer'

/**
 * An iCalendar (RFC 5545) invitation for one appointment. Times are written in UTC ('Z'),
 * computed from the clinic's time zone when the booking was made, so every calendar shows the
 * appointment at the right moment without a VTIMEZONE block. A cancellation re-sends the same
 * UID with a higher SEQUENCE and METHOD:CANCEL, which calendars apply to the earlier event; a move
 * re-sends it with the booking's raised SEQUENCE and the new times.
 */
export interface CalendarInvite {
  method: 'REQUEST' | 'CANCEL'
  uid: string
  /** The booking's moves so far; a cancellation is one change more. */
  sequence: number
  startsAt: Date
  endsAt: Date
  summary: string
  description: string
  organizerEmail: string
  attendeeEmail: string
  now: Date
}

export function calendarInvite(invite: CalendarInvite): string {
  const cancelled = invite.method === 'CANCEL'
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Doctors Portal//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${utc(invite.now)}`,
    `DTSTART:${utc(invite.startsAt)}`,
    `DTEND:${utc(invite.endsAt)}`,
    `SEQUENCE:${cancelled ? invite.sequence + 1 : invite.sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(invite.summary)}`,
    `DESCRIPTION:${text(invite.description)}`,
    `ORGANIZER;CN=Doctors Portal:mailto:${invite.organizerEmail}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${invite.attendeeEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** 20230105T020000Z */
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** TEXT values escape backslashes, separators and line breaks (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n')

/** Lines longer than 75 octets continue on the next line after CRLF and a space (3.1). */
function fold(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** What the appointment's calendar file needs of the booking. */
export interface AppointmentEvent {
  id: string
  email: string
  treatmentName: string
  sequence: number
  startsAt: Date
  endsAt: Date
}

/**
 * The .ics attached to a booking's mails: REQUEST adds the appointment to the patient's calendar,
 * CANCEL removes it (the same UID). `details` are the mail's own lines, repeated in the event.
 */
export function appointmentCalendarFile(
  method: CalendarInvite['method'],
  booking: AppointmentEvent,
  details: string[],
  clinic: { from: string },
  now: Date,
): MailAttachment {
  return {
    filename: method === 'REQUEST' ? 'appointment.ics' : 'cancellation.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarInvite({
      method,
      uid: booking.id,
      sequence: booking.sequence,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      summary: `${booking.treatmentName} at Doctors Portal`,
      description: details.join('\n'),
      organizerEmail: fromAddress(clinic.from),
      attendeeEmail: booking.email,
      now,
    }),
  }
}
