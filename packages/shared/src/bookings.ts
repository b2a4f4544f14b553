import { z } from 'zod'
import { ClinicDate } from './clinic'
import { CALL_THE_CLINIC } from './clinic-contact'
import { formatMediumDate } from './clinic-time'
import { Id } from './ids'
import { PhoneNumber } from './phone'
import { freeText, isPlainText, PLAIN_TEXT_MESSAGE } from './text'

/** Why a booking or a cancellation is refused, as the patient reads it (toast). */
export const BOOKING_MESSAGES = {
  slotTaken: 'This slot was just booked. Please choose another.',
  overlap: 'You already have another appointment at this time. Please choose a different slot.',
  /** The rule is one booking per treatment per day, so the treatment is named. */
  alreadyBooked: (treatmentName: string, date: string) =>
    `You already have a booking for ${treatmentName} on ${formatMediumDate(date)}`,
  clinicClosed: (date: string) =>
    `The clinic is closed on ${formatMediumDate(date)}. Please choose another day.`,
  treatmentNotOffered: 'This treatment is not offered.',
  slotNotOffered: 'Please choose one of the offered time slots.',
  slotStarted: 'This time slot has already started. Please choose a later one.',
  notFound: 'Booking not found.',
  notYourList: 'You can only see your own bookings.',
  alreadyCancelled: 'This booking is already cancelled.',
  paidNotCancellable: `A paid booking cannot be cancelled online. Please ${CALL_THE_CLINIC}.`,
  startedNotCancellable: 'This appointment has already started and can no longer be cancelled.',
  /** MAX_UPCOMING_BOOKINGS (decision 0015). */
  tooManyUpcoming: (limit: number) =>
    `You already have ${limit} upcoming ${limit === 1 ? 'appointment' : 'appointments'}. Cancel one to book another.`,
  tooManyAttempts: 'Too many booking attempts. Please wait a minute and try again.',
  keyReused: 'This Idempotency-Key was already used for a different booking.',
  /** REFUND_CUTOFF_HOURS: the same limit as for cancelling a paid booking. */
  rescheduleCutoffPassed: (hours: number) =>
    `Appointments can be moved online until ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start. Please ${CALL_THE_CLINIC}.`,
  cancelledNotMovable: 'This booking is cancelled, so it cannot be moved. Please book a new appointment.',
  startedNotMovable: 'This appointment has already started and can no longer be moved.',
  sameSlot: 'Your appointment is already at this time. Please choose another slot.',
  rescheduled: 'Appointment moved',
} as const

/**
 * The spec's booking payload (section 3). `email` and `price` are accepted for the spec's sake
 * but ignored: the server books for the signed-in account at the treatment's own fee.
 */
export const CreateBookingBody = z.object(
  {
    appointmentDate: ClinicDate,
    treatmentName: freeText({
      required: 'Please choose a treatment.',
      max: 100,
      tooLong: 'Please choose one of the offered treatments.',
    }),
    patientName: freeText({
      required: 'Full Name is Required',
      max: 100,
      tooLong: 'The full name must be 100 characters or fewer.',
    }),
    slot: freeText({
      required: 'Please choose a time slot.',
      max: 40,
      tooLong: BOOKING_MESSAGES.slotNotOffered,
    }),
    email: z
      .string({ error: 'The e-mail must be text.' })
      .max(254, 'This e-mail address is too long.')
      .refine(isPlainText, PLAIN_TEXT_MESSAGE)
      .optional(),
    phone: PhoneNumber,
    price: z
      .number({ error: 'The price must be a number.' })
      .min(0, 'The price cannot be negative.')
      .max(10_000_000, 'The price is too large.')
      .nullable()
      .optional(),
  },
  { error: 'The booking details are missing.' },
)
export type CreateBookingBody = z.infer<typeof CreateBookingBody>

/** A repeated submit with the same key returns the first booking instead of making a second. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'The Idempotency-Key header must be 1 to 100 visible ASCII characters.')

export const CreateBookingReply = z.object({
  bookings: z.object({ acknowledged: z.literal(true), insertedId: z.string() }),
})
export type CreateBookingReply = z.infer<typeof CreateBookingReply>

export const BookingStatus = z.enum(['booked', 'cancelled'])

/** A booking as its patient (or an admin) reads it: spec section 3 plus status and start instant. */
export const Booking = z.object({
  _id: z.string(),
  patientName: z.string(),
  treatmentName: z.string(),
  appointmentDate: z.string(),
  slot: z.string(),
  price: z.number().int().nullable(),
  paid: z.boolean(),
  /** Its payment was refunded in full: a cancelled booking is unpaid, but its fee is no longer owed. */
  refunded: z.boolean(),
  email: z.string(),
  phone: z.string(),
  status: BookingStatus,
  /** ISO 8601 UTC instant of the slot's start, so "upcoming" needs no time-zone arithmetic. */
  startsAt: z.string(),
})
export type Booking = z.infer<typeof Booking>

export const BookingsQuery = z.object({
  email: z
    .string({ error: 'Please give your e-mail address.' })
    .trim()
    .toLowerCase()
    .min(1, 'Please give your e-mail address.')
    .max(254, 'This e-mail address is too long.')
    .refine(isPlainText, PLAIN_TEXT_MESSAGE),
})
export const BookingsReply = z.object({ bookings: z.array(Booking) })
export type BookingsReply = z.infer<typeof BookingsReply>

export const BookingParams = z.object({ id: Id })
export const CancelBookingReply = z.object({ booking: Booking })
export type CancelBookingReply = z.infer<typeof CancelBookingReply>

/** `PUT /api/bookings/:id/slot`: another day and slot of the same treatment. */
export const RescheduleBookingBody = z.object(
  {
    appointmentDate: ClinicDate,
    slot: freeText({
      required: 'Please choose a time slot.',
      max: 40,
      tooLong: BOOKING_MESSAGES.slotNotOffered,
    }),
  },
  { error: 'The new date and time slot are missing.' },
)
export type RescheduleBookingBody = z.infer<typeof RescheduleBookingBody>
export const RescheduleBookingReply = z.object({ booking: Booking })
export type RescheduleBookingReply = z.infer<typeof RescheduleBookingReply>
