import type { DoctorListReply } from '@shared/doctors'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

/** Every query key of the doctors' screens: invalidate `list` after adding or deleting a doctor. */
export const doctorKeys = {
  all: ['doctors'] as const,
  list: () => [...doctorKeys.all, 'list'] as const,
  specialties: () => [...doctorKeys.all, 'specialties'] as const,
}

/** `GET /api/doctors` (admin): every listed doctor (spec section 7). */
export const getDoctors = () => api.get<DoctorListReply>('/api/doctors')

export const doctorsQueryOptions = () =>
  queryOptions({ queryKey: doctorKeys.list(), queryFn: getDoctors, retry: retryUnlessRefused })

export const useDoctors = () => useQuery(doctorsQueryOptions())
