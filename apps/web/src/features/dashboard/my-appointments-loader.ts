import type { QueryClient } from '@tanstack/react-query'
import { signedInLoader } from '../../lib/auth/signed-in-loader'
import { myBookingsQueryOptions } from '../appointment'

/** The route loader of /dashboard: the bookings the page lists. */
export const myAppointmentsLoader = (queryClient: QueryClient) =>
  signedInLoader((email) => void queryClient.prefetchQuery(myBookingsQueryOptions(email)))
