import { BOOKING_MESSAGES as M } from '@shared/bookings'
import { AppError } from '../../errors'

/** Drizzle wraps the driver's error; pg and PGlite both put the SQLSTATE and constraint on it. */
export const causeOf = (error: unknown) =>
  ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string }

export const slotTakenError = () => new AppError('SLOT_TAKEN', 409, M.slotTaken)

/** The booking rules the database enforces (schema/bookings.ts, migration 0001), as 409s. */
export function translateViolation(error: unknown, date: string): unknown {
  const cause = causeOf(error)
  if (cause.code !== '23505' && cause.code !== '23P01') return error
  switch (cause.constraint) {
    case 'bookings_slot_taken':
      return slotTakenError()
    case 'bookings_one_per_treatment_day':
      return new AppError('ALREADY_BOOKED', 409, M.alreadyBooked(date))
    case 'bookings_no_overlap_per_patient':
      return new AppError('OVERLAPPING_BOOKING', 409, M.overlap)
    case 'bookings_idempotency':
      return new AppError('DUPLICATE_SUBMIT', 409, 'This booking was already submitted.')
    default:
      return error
  }
}

export type Refusal = 'treatment' | 'slot' | 'closed' | 'started'

export function refusalError(reason: Refusal, date: string): AppError {
  switch (reason) {
    case 'treatment':
      return new AppError('TREATMENT_NOT_OFFERED', 400, M.treatmentNotOffered)
    case 'slot':
      return new AppError('SLOT_NOT_OFFERED', 400, M.slotNotOffered)
    case 'closed':
      return new AppError('CLINIC_CLOSED', 400, M.clinicClosed(date))
    case 'started':
      return new AppError('SLOT_STARTED', 400, M.slotStarted)
  }
}

/** Why a booking of this patient could not be cancelled. */
export function cancelRefusal(booking: { status: string; paid: boolean }): AppError {
  if (booking.status === 'cancelled') return new AppError('ALREADY_CANCELLED', 409, M.alreadyCancelled)
  if (booking.paid) return new AppError('BOOKING_PAID', 409, M.paidNotCancellable)
  return new AppError('BOOKING_STARTED', 409, M.startedNotCancellable)
}
