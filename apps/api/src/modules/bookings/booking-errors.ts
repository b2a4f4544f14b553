import { BOOKING_MESSAGES as M } from '@shared/bookings'
import { AppError } from '../../errors'

export const slotTakenError = () => new AppError('SLOT_TAKEN', M.slotTaken)

export const tooManyUpcomingError = (limit: number) =>
  new AppError('TOO_MANY_UPCOMING_BOOKINGS', M.tooManyUpcoming(limit))

/** 422, not 409: nothing conflicts with the booking asked for; the request itself is wrong. */
export const keyReusedError = () => new AppError('IDEMPOTENCY_KEY_REUSED', M.keyReused)

/** Why a booking is refused, in the order the rules are checked (see `whyRefused`). */
export const REFUSAL_ORDER = [
  'treatment',
  'slot',
  'closed',
  'started',
  'taken',
  'sameDay',
  'overlap',
] as const
export type Refusal = (typeof REFUSAL_ORDER)[number]

/** The booking asked for: its day, and its treatment, which the one-per-day rule concerns. */
interface Asked {
  date: string
  treatmentName: string
}

export function refusalError(reason: Refusal, { date, treatmentName }: Asked): AppError {
  switch (reason) {
    case 'treatment':
      return new AppError('TREATMENT_NOT_OFFERED', M.treatmentNotOffered)
    case 'slot':
      return new AppError('SLOT_NOT_OFFERED', M.slotNotOffered)
    case 'closed':
      return new AppError('CLINIC_CLOSED', M.clinicClosed(date))
    case 'started':
      return new AppError('SLOT_STARTED', M.slotStarted)
    case 'taken':
      return slotTakenError()
    case 'sameDay':
      return new AppError('ALREADY_BOOKED_THAT_DAY', M.alreadyBooked(treatmentName, date))
    case 'overlap':
      return new AppError('OVERLAPPING_BOOKING', M.overlap)
  }
}

/** Why a booking of this patient could not be cancelled. */
export function cancelRefusal(booking: { status: string; paid: boolean }): AppError {
  if (booking.status === 'cancelled') return new AppError('ALREADY_CANCELLED', M.alreadyCancelled)
  if (booking.paid) return new AppError('BOOKING_PAID', M.paidNotCancellable)
  return new AppError('BOOKING_STARTED', M.startedNotCancellable)
}
