import { BOOKING_MESSAGES } from '@shared/bookings'
import { PAYMENT_MESSAGES as M } from '@shared/payment-messages'
import { AppError, notFound } from '../../errors'
import type { BookingToPay } from './repository'

/** Another patient's booking answers like one that does not exist. */
export const bookingNotFound = () => notFound(BOOKING_MESSAGES.notFound)

export const bookingCancelled = () => new AppError('BOOKING_CANCELLED', M.cancelled)

export const notConfirmed = () => new AppError('PAYMENT_NOT_CONFIRMED', M.notConfirmed)

export const providerDown = () => new AppError('PAYMENT_PROVIDER_DOWN', M.providerDown)

export const refundFailed = () => new AppError('REFUND_FAILED', M.refundFailed)

export const refundCutoffPassed = () => new AppError('REFUND_CUTOFF_PASSED', M.refundCutoffPassed)

/** Why this booking cannot be paid now, if it cannot. */
export function whyNotPayable(booking: BookingToPay, now: Date): AppError | undefined {
  if (booking.status === 'cancelled') return bookingCancelled()
  if (booking.paid) return new AppError('ALREADY_PAID', M.alreadyPaid)
  if (booking.priceTk === null || booking.priceTk <= 0) return new AppError('NOT_PRICED', M.notPriced)
  if (booking.startsAt <= now) return new AppError('BOOKING_PAST', M.past)
  return undefined
}
