import { z } from 'zod'
import { ClinicDate } from './clinic'
import { Id } from './ids'

/** What the front desk marks once an appointment has started (decision 0019). */
export const ATTENDANCE = ['attended', 'no_show'] as const
export const Attendance = z.enum(ATTENDANCE)
export type Attendance = z.infer<typeof Attendance>

export const AGENDA_MESSAGES = {
  notFound: 'Booking not found.',
  cancelled: 'This booking was cancelled, so there is no attendance to mark.',
  tooEarly: 'Attendance can be marked only once the appointment has started.',
} as const

/** `GET /api/agenda` and `GET /api/agenda.csv`: a day of the clinic's calendar, today if none. */
export const AgendaQuery = z.object({ date: ClinicDate.optional() })
export type AgendaQuery = z.infer<typeof AgendaQuery>

/**
 * A reminder mail of a booking (decision 0034): waiting in the outbox, sent, or given up on. Only the
 * reminders written so far are listed; one whose moment passed before the booking was made is never.
 */
export const AgendaReminder = z.object({
  hoursBefore: z.number().int().positive(),
  state: z.enum(['waiting', 'sent', 'failed']),
})
export type AgendaReminder = z.infer<typeof AgendaReminder>

/**
 * One booking of the day as the front desk reads it. Only active bookings are listed: a cancelled
 * one expects nobody, and its slot may be booked again by another patient.
 */
export const AgendaEntry = z.object({
  _id: z.string(),
  /** ISO 8601 UTC instant of the slot's start. */
  startsAt: z.string(),
  slot: z.string(),
  treatmentName: z.string(),
  patientName: z.string(),
  phone: z.string(),
  /** The account's e-mail; null once the patient deleted the account. */
  email: z.string().nullable(),
  price: z.number().int().nullable(),
  paid: z.boolean(),
  /** TK refunded of the payment so far, 0 if none: a partial refund keeps the booking paid. */
  refunded: z.number().nonnegative(),
  attendance: Attendance.nullable(),
  /** Largest offset first. */
  reminders: z.array(AgendaReminder),
})
export type AgendaEntry = z.infer<typeof AgendaEntry>

/** Why the clinic is closed on a day: a holiday (with the admin's reason) or a weekly closed day. */
export const Closure = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('holiday'), reason: z.string() }),
  z.object({ kind: z.literal('weekday') }),
])
export type Closure = z.infer<typeof Closure>

/** How many patients wait for a free slot of a treatment on the day (decision 0036). */
export const AgendaWaitlist = z.object({ treatmentName: z.string(), waiting: z.number().int().positive() })
export type AgendaWaitlist = z.infer<typeof AgendaWaitlist>

/**
 * The day shown (the clinic's today when the query named none), whether the clinic is closed on
 * it, and its bookings in time order (a day closed later may still hold some kept ones).
 */
export const AgendaReply = z.object({
  date: z.string(),
  closed: Closure.nullable(),
  bookings: z.array(AgendaEntry),
  /** Treatments with a waitlist that day, in the clinic's order; empty when nobody waits. */
  waitlist: z.array(AgendaWaitlist),
})
export type AgendaReply = z.infer<typeof AgendaReply>

export const AttendanceParams = z.object({ bookingId: Id })

/** null takes a mark back (a mistaken click). */
export const AttendanceBody = z.object(
  {
    attendance: z.enum(ATTENDANCE, { error: "Please choose 'attended' or 'no_show'." }).nullable(),
  },
  { error: 'Please say whether the patient attended.' },
)
export type AttendanceBody = z.infer<typeof AttendanceBody>

export const AttendanceReply = z.object({ booking: AgendaEntry })
export type AttendanceReply = z.infer<typeof AttendanceReply>
