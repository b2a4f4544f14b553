import type { ScheduleReply } from '@shared/schedule'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

export const scheduleKeys = {
  all: ['schedule'] as const,
}

/** `GET /api/schedule` (admin): treatments with their slots, closed weekdays, holidays from today. */
export const getSchedule = () => api.get<ScheduleReply>('/api/schedule')

export const scheduleQueryOptions = () =>
  queryOptions({ queryKey: scheduleKeys.all, queryFn: getSchedule, retry: retryUnlessRefused })

export const useSchedule = () => useQuery(scheduleQueryOptions())
