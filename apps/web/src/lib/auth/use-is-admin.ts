import type { AdminCheckReply } from '@shared/users'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api-client'
import { retryUnlessRefused } from '../http'
import { useAuth } from './auth-context'

/** Spec section 6: admin status comes from a lookup by the user's e-mail. */
export function useIsAdmin(): { isAdmin: boolean; loading: boolean } {
  const { user } = useAuth()
  const email = user?.email ?? ''
  const query = useQuery({
    queryKey: ['users', 'admin', email],
    queryFn: () => api.get<AdminCheckReply>(`/api/users/admin/${encodeURIComponent(email)}`),
    enabled: Boolean(user),
    retry: retryUnlessRefused,
  })
  return { isAdmin: query.data?.isAdmin ?? false, loading: Boolean(user) && query.isPending }
}
