import type { QueryClient } from '@tanstack/react-query'
import { signedInLoader } from '../../lib/auth/signed-in-loader'
import { sessionsQueryOptions } from './api/get-sessions'

/** The route loader of /dashboard/account: the sessions the page lists. */
export const accountLoader = (queryClient: QueryClient) =>
  signedInLoader(() => void queryClient.prefetchQuery(sessionsQueryOptions()))
