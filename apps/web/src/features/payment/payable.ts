import type { Booking } from '@shared/bookings'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'

/**
 * Why this booking cannot be paid online, or null when it can: the server's own rules (create
 * payment intent refuses the same cases with the same words), checked first to spare a call.
 */
export function whyNotPayable(booking: Booking, now: number): string | null {
  if (booking.status === 'cancelled') return PAYMENT_MESSAGES.cancelled
  if (booking.paid) return PAYMENT_MESSAGES.alreadyPaid
  if (booking.price === null) return PAYMENT_MESSAGES.notPriced
  if (Date.parse(booking.startsAt) <= now) return PAYMENT_MESSAGES.past
  return null
}
