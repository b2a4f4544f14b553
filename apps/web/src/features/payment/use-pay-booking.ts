import type { Booking } from '@shared/bookings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { userMessage } from '../../lib/http'
import { bookingKeys } from '../appointment'
import { recordPayment } from './api/record-payment'
import type { ConfirmCard } from './card-payment'

/** A failure whose message is ready to show as it is. */
class PaymentFailure extends Error {}

/**
 * Charging the card, then asking the server to record the payment. Once the card is charged the
 * intent is remembered, so that trying again after a failed record (a lost connection) records
 * it again rather than charging the card a second time.
 */
export function usePayBooking(booking: Booking) {
  const queryClient = useQueryClient()
  const chargedIntent = useRef<string | null>(null)

  const mutation = useMutation({
    mutationFn: async ({ confirm, clientSecret }: { confirm: ConfirmCard; clientSecret: string }) => {
      if (!chargedIntent.current) {
        const billing = { name: booking.patientName, email: booking.email }
        const outcome = await confirm(clientSecret, billing)
        if ('failure' in outcome) throw new PaymentFailure(outcome.failure)
        chargedIntent.current = outcome.paymentIntentId
      }
      await recordPayment(booking._id, chargedIntent.current)
    },
    // Marked stale, not fetched now: this page's own booking, paid, would swap the success
    // dialog for 'already paid'. The lists load again when My Appointment opens.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'none' }),
  })

  const failure =
    mutation.error instanceof PaymentFailure
      ? mutation.error.message
      : mutation.error && userMessage(mutation.error)
  return { ...mutation, failure }
}
