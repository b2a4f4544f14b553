import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { agendaDateOf, agendaQueryOptions } from './api/get-agenda'

/** The route loader of /dashboard/agenda: the day in the address, or the clinic's today. */
export const agendaLoader = (queryClient: QueryClient) =>
  adminLoader(
    queryClient,
    (url) => void queryClient.prefetchQuery(agendaQueryOptions(agendaDateOf(url.searchParams))),
  )
