import type { QueryClient } from '@tanstack/react-query'
import { signedInLoader } from '../../lib/auth/signed-in-loader'
import { myBookingsQueryOptions, myWaitlistQueryOptions } from '../appointment'

/** The route loader of /dashboard: the bookings and waitlist the page lists. */
export const myAppointmentsLoader = (queryClient: QueryClient) =>
  signedInLoader((email) => {
    void queryClient.prefetchQuery(myBookingsQueryOptions(email))
    void queryClient.prefetchQuery(myWaitlistQueryOptions(email))
  })
