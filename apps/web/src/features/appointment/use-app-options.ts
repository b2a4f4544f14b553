import type { AppOptionsReply } from '@shared/clinic'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from '../../lib/http'

/** `GET /api/appOptions?date=`: the treatments and their free slots, cached per date (spec section 4). */
export const appOptionsQuery = (date: string) =>
  queryOptions({
    queryKey: ['appOptions', date],
    queryFn: () => fetchJson<AppOptionsReply>(`/api/appOptions?date=${encodeURIComponent(date)}`),
    retry: retryUnlessRefused,
  })

export const useAppOptions = (date: string | undefined) =>
  useQuery({ ...appOptionsQuery(date ?? ''), enabled: Boolean(date) })
