import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { usersQueryOptions } from './api/get-users'

/** The route loader of /dashboard/users: the first page of the list, before any search. */
export const usersLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchInfiniteQuery(usersQueryOptions('')))
