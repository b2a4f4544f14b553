import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { scheduleQueryOptions } from './api/get-schedule'

/** The route loader of /dashboard/treatments: the treatments, slots and closed days it shows. */
export const treatmentsLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchQuery(scheduleQueryOptions()))
