import type { BookingsReply } from '@shared/bookings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth/auth-context'
import { retryUnlessRefused } from '../../../lib/http'

/** Every list of the signed-in user's bookings: invalidate `all` after booking, cancelling or paying. */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: (email: string) => [...bookingKeys.all, 'mine', email] as const,
  one: (id: string) => [...bookingKeys.all, 'one', id] as const,
}

/** `GET /api/bookings?email=` (bearer): the signed-in user's bookings (spec section 7). */
export const getMyBookings = (email: string) =>
  api.get<BookingsReply>(`/api/bookings?email=${encodeURIComponent(email)}`)

export const myBookingsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: bookingKeys.mine(email),
    queryFn: () => getMyBookings(email),
    retry: retryUnlessRefused,
  })

/** The signed-in user's bookings; idle while signed out. */
export function useMyBookings() {
  const { user } = useAuth()
  return useQuery({ ...myBookingsQueryOptions(user?.email ?? ''), enabled: Boolean(user) })
}
