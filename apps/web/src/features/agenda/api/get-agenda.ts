import type { AgendaReply } from '@shared/agenda'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { JUST_FETCHED_MS } from '../../../lib/auth/admin-loader'
import { retryUnlessRefused } from '../../../lib/http'

/** Every day's agenda; `day(undefined)` is the clinic's today, as the server reckons it. */
export const agendaKeys = {
  all: ['agenda'] as const,
  day: (date: string | undefined) => [...agendaKeys.all, date ?? 'today'] as const,
}

/** The day the address chooses (`?date=`), or undefined for the clinic's today. */
export const agendaDateOf = (search: URLSearchParams) => search.get('date') ?? undefined

/** `GET /api/agenda?date=` (admin): the day's bookings in time order. */
export const getAgenda = (date: string | undefined) =>
  api.get<AgendaReply>(date ? `/api/agenda?date=${encodeURIComponent(date)}` : '/api/agenda')

export const agendaQueryOptions = (date: string | undefined) =>
  queryOptions({
    queryKey: agendaKeys.day(date),
    queryFn: () => getAgenda(date),
    retry: retryUnlessRefused,
    // The front desk watches the day fill up: a day shown again is asked for again, unless the
    // route's loader has just fetched it.
    staleTime: JUST_FETCHED_MS,
  })

export const useAgenda = (date: string | undefined) => useQuery(agendaQueryOptions(date))
