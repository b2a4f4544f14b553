import type { AgendaReply } from '@shared/agenda'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

/** Every day's agenda; `day(undefined)` is the clinic's today, as the server reckons it. */
export const agendaKeys = {
  all: ['agenda'] as const,
  day: (date: string | undefined) => [...agendaKeys.all, date ?? 'today'] as const,
}

/** `GET /api/agenda?date=` (admin): the day's bookings in time order. */
export const getAgenda = (date: string | undefined) =>
  api.get<AgendaReply>(date ? `/api/agenda?date=${encodeURIComponent(date)}` : '/api/agenda')

export const agendaQueryOptions = (date: string | undefined) =>
  queryOptions({
    queryKey: agendaKeys.day(date),
    queryFn: () => getAgenda(date),
    retry: retryUnlessRefused,
    // The front desk watches the day fill up: a day shown again is asked for again.
    staleTime: 0,
  })

export const useAgenda = (date: string | undefined) => useQuery(agendaQueryOptions(date))
