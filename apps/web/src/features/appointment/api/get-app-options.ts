import type { AppOptionsReply } from '@shared/clinic'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from '../../../lib/http'

/** Every day's free slots: invalidate `all` when a booking is made or cancelled. */
export const appOptionsKeys = {
  all: ['appOptions'] as const,
  date: (date: string) => [...appOptionsKeys.all, date] as const,
}

/** `GET /api/appOptions?date=`: the treatments and their free slots on that day (spec section 4). */
export const getAppOptions = (date: string) =>
  fetchJson<AppOptionsReply>(`/api/appOptions?date=${encodeURIComponent(date)}`)

export const appOptionsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: appOptionsKeys.date(date),
    queryFn: () => getAppOptions(date),
    retry: retryUnlessRefused,
  })

/** The day's options, cached per date; idle until a date is known. */
export const useAppOptions = (date: string | undefined) =>
  useQuery({ ...appOptionsQueryOptions(date ?? ''), enabled: Boolean(date) })
