import type { Booking } from '@shared/bookings'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'

/**
 * The fee to pay for this booking online, or why it cannot be paid: the server's own rules
 * (create payment intent refuses the same cases with the same words), checked first to spare a call.
 */
export function amountDue(booking: Booking, now: number): { price: number } | { notPayable: string } {
  if (booking.status === 'cancelled') return { notPayable: PAYMENT_MESSAGES.cancelled }
  if (booking.paid) return { notPayable: PAYMENT_MESSAGES.alreadyPaid }
  if (booking.price === null) return { notPayable: PAYMENT_MESSAGES.notPriced }
  if (Date.parse(booking.startsAt) <= now) return { notPayable: PAYMENT_MESSAGES.past }
  return { price: booking.price }
}
