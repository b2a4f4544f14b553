import type { ClinicCalendarReply } from '@shared/clinic'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from '../../../lib/http'

export const clinicCalendarKeys = {
  all: ['clinicCalendar'] as const,
}

/**
 * `GET /api/clinicCalendar`: the clinic's today, the last bookable date and the closed days, so
 * the calendar disables exactly the days the server refuses, whatever the browser's time zone.
 */
export const getClinicCalendar = () => fetchJson<ClinicCalendarReply>('/api/clinicCalendar')

export const clinicCalendarQueryOptions = () =>
  queryOptions({ queryKey: clinicCalendarKeys.all, queryFn: getClinicCalendar, retry: retryUnlessRefused })

export const useClinicCalendar = () => useQuery(clinicCalendarQueryOptions())
