import type { BookingsReply } from '@shared/bookings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import { useAuth } from './auth/auth-context'
import { retryUnlessRefused } from './http'

/**
 * `GET /api/bookings?email=` (bearer): the signed-in user's bookings (spec section 7). Invalidate
 * `['bookings']` after booking, cancelling or paying to refresh every list of them.
 */
export const myBookingsQuery = (email: string) =>
  queryOptions({
    queryKey: ['bookings', email],
    queryFn: () => api.get<BookingsReply>(`/api/bookings?email=${encodeURIComponent(email)}`),
    retry: retryUnlessRefused,
  })

/** The signed-in user's bookings; idle while signed out. */
export function useMyBookings() {
  const { user } = useAuth()
  return useQuery({ ...myBookingsQuery(user?.email ?? ''), enabled: Boolean(user) })
}
