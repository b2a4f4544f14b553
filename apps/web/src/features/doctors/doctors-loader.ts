import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { doctorsQueryOptions } from './api/get-doctors'
import { specialtiesQueryOptions } from './api/get-specialties'

/** The route loader of /dashboard/managedoctors: the doctors the table lists. */
export const manageDoctorsLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchQuery(doctorsQueryOptions()))

/** The route loader of /dashboard/addadoctor: the specialties the form offers. */
export const addDoctorLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchQuery(specialtiesQueryOptions()))
