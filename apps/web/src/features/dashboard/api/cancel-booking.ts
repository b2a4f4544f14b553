import type { Booking, CancelBookingReply } from '@shared/bookings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { appOptionsKeys, bookingKeys } from '../../appointment'

export const CANCELLED_MESSAGE = 'Appointment cancelled'
export const REFUNDED_MESSAGE = 'Appointment cancelled and your payment refunded'

/** `DELETE /api/bookings/:id` (bearer): the patient's own upcoming booking, refunded first when paid. */
export const cancelBooking = (id: string) =>
  api.delete<CancelBookingReply>(`/api/bookings/${encodeURIComponent(id)}`)

/**
 * Cancelling from the dashboard. Either way the lists are loaded again: the bookings (and the
 * header's count) and every day's free slots, since the cancelled slot is free again at once.
 */
export function useCancelBooking(booking: Booking, onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => {
      onDone()
      toast.success(booking.paid ? REFUNDED_MESSAGE : CANCELLED_MESSAGE)
    },
    onError: (error) => {
      onDone()
      toast.error(userMessage(error))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: appOptionsKeys.all }),
      ]),
  })
}
