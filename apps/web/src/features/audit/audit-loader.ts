import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { auditFiltersOf, auditLogQueryOptions } from './api/get-audit-log'

/** The route loader of /dashboard/audit: the first page of entries, with the filters in the address. */
export const auditLoader = (queryClient: QueryClient) =>
  adminLoader(
    queryClient,
    (url) => void queryClient.prefetchInfiniteQuery(auditLogQueryOptions(auditFiltersOf(url.searchParams))),
  )
