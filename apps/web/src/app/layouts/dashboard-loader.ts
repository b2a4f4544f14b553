import type { QueryClient } from '@tanstack/react-query'
import { myBookingsQueryOptions } from '../../features/appointment'
import { signedInLoader } from '../../lib/auth/signed-in-loader'
import { isAdminQueryOptions } from '../../lib/auth/use-is-admin'

/** The dashboard layout's route loader: the admin check its guard and menu wait for, and the header's bookings. */
export const dashboardLoader = (queryClient: QueryClient) =>
  signedInLoader((email) => {
    void queryClient.prefetchQuery(isAdminQueryOptions(email))
    void queryClient.prefetchQuery(myBookingsQueryOptions(email))
  })
