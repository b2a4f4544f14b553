import { BOOKING_MESSAGES, type RescheduleBookingBody, type RescheduleBookingReply } from '@shared/bookings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { appOptionsKeys, bookingKeys } from '../../appointment'

/** `PUT /api/bookings/:id/slot` (bearer): the patient's own upcoming booking to another slot of its treatment. */
export const rescheduleBooking = (id: string, body: RescheduleBookingBody) =>
  api.put<RescheduleBookingReply>(`/api/bookings/${encodeURIComponent(id)}/slot`, body)

/**
 * Moving a booking from the dashboard. A refusal stays in the dialog (the slot went meanwhile: the
 * patient picks another); the lists are loaded again either way, as both slots changed.
 */
export function useRescheduleBooking(id: string, onDone: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RescheduleBookingBody) => rescheduleBooking(id, body),
    onSuccess: () => {
      onDone()
      toast.success(BOOKING_MESSAGES.rescheduled)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: appOptionsKeys.all }),
      ]),
  })
}
