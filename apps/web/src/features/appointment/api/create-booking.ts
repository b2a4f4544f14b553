import type { CreateBookingBody, CreateBookingReply } from '@shared/bookings'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { ApiError, userMessage } from '../../../lib/http'
import { appOptionsKeys } from './get-app-options'
import { bookingKeys } from './get-my-bookings'
import { newIdempotencyKey } from './idempotency-key'

export const BOOKED_MESSAGE = 'Booking Confirmed 🎉'
export const NOT_SENT_MESSAGE =
  'Your booking was not sent: we could not reach the clinic. Please check your connection and try again.'

/** `POST /api/bookings` (bearer); the key makes a repeated send yield the first booking. */
export const createBooking = (body: CreateBookingBody, idempotencyKey: string) =>
  api.post<CreateBookingReply>('/api/bookings', body, { headers: { 'idempotency-key': idempotencyKey } })

/**
 * Booking for one opening of the booking modal. The Idempotency-Key is made once per opening, so
 * a repeated send of this form (a retry after a renewed token, a double submit) yields the first
 * booking, never a second. Whatever the answer, `onDone` closes the modal (spec section 4), and
 * the day's free slots and the patient's bookings are loaded again.
 */
export function useCreateBooking(onDone: () => void) {
  const queryClient = useQueryClient()
  const [idempotencyKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (body: CreateBookingBody) => createBooking(body, idempotencyKey),
    onSuccess: () => {
      onDone()
      toast.success(BOOKED_MESSAGE)
    },
    onError: (error) => {
      onDone()
      if (error instanceof ApiError && error.code === 'NETWORK_ERROR') {
        toast.error(NOT_SENT_MESSAGE)
      } else {
        toast.error(userMessage(error))
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appOptionsKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
  })
}
