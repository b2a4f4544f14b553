import type { DoctorListReply } from '@shared/doctors'
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { clinicPublicKeys } from '../../../lib/clinic-public-data'
import { retryUnlessRefused } from '../../../lib/http'

/** Every query key of the doctors' screens. */
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

/** After a doctor is added, changed or removed: this list, and the doctors the public pages show. */
export const reloadDoctors = (queryClient: QueryClient) =>
  Promise.all(
    [doctorKeys.list(), clinicPublicKeys.team].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
