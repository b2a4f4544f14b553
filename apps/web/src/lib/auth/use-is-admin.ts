import type { AdminCheckReply } from '@shared/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { retryUnlessRefused } from '../http'
import { useAuth } from './auth-context'

export const userKeys = {
  all: ['users'] as const,
  isAdmin: (email: string) => [...userKeys.all, 'admin', email] as const,
}

/** `GET /api/users/admin/:email` (bearer): spec section 6, admin status is looked up by e-mail. */
export const getIsAdmin = (email: string) =>
  api.get<AdminCheckReply>(`/api/users/admin/${encodeURIComponent(email)}`)

export const isAdminQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.isAdmin(email),
    queryFn: () => getIsAdmin(email),
    retry: retryUnlessRefused,
  })

export function useIsAdmin(): { isAdmin: boolean; loading: boolean } {
  const { user } = useAuth()
  const query = useQuery({ ...isAdminQueryOptions(user?.email ?? ''), enabled: Boolean(user) })
  return { isAdmin: query.data?.isAdmin ?? false, loading: Boolean(user) && query.isPending }
}
