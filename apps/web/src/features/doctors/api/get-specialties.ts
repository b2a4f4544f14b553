import type { SpecialtyReply } from '@shared/clinic'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from '../../../lib/http'
import { doctorKeys } from './get-doctors'

/** `GET /api/appointmentSpecialty`: the names a doctor's specialty is chosen from (the treatments). */
export const getSpecialties = () => fetchJson<SpecialtyReply>('/api/appointmentSpecialty')

export const specialtiesQueryOptions = () =>
  queryOptions({ queryKey: doctorKeys.specialties(), queryFn: getSpecialties, retry: retryUnlessRefused })

export const useSpecialties = () => useQuery(specialtiesQueryOptions())
