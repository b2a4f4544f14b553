import type { MyWaitlistReply } from '@shared/waitlist'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { useAuth } from '../../../lib/auth/auth-context'
import { retryUnlessRefused } from '../../../lib/http'

/** The signed-in patient's waitlist entries and offers (decision 0036): invalidate `all` after joining, leaving or accepting. */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  mine: (email: string) => [...waitlistKeys.all, 'mine', email] as const,
}

/** `GET /api/me/waitlist` (bearer): my entries, each with its live offer if any. */
export const myWaitlistQueryOptions = (email: string) =>
  queryOptions({
    queryKey: waitlistKeys.mine(email),
    queryFn: () => api.get<MyWaitlistReply>('/api/me/waitlist'),
    retry: retryUnlessRefused,
  })

/** My waitlist; idle while signed out. */
export function useMyWaitlist() {
  const { user } = useAuth()
  return useQuery({ ...myWaitlistQueryOptions(user?.email ?? ''), enabled: Boolean(user) })
}
