import type { Booking } from '@shared/bookings'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'
import { bookingKeys } from './get-my-bookings'

/** `GET /api/booking/:id` (bearer): one booking of the signed-in patient (404 for anyone else's). */
export const getBooking = (id: string) => api.get<Booking>(`/api/booking/${encodeURIComponent(id)}`)

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.one(id), queryFn: () => getBooking(id), retry: retryUnlessRefused })
