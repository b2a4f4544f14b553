import type { SessionsReply } from '@shared/me'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import { retryUnlessRefused } from '../../lib/http'

/** Every query key of the account page, in one place. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: () => api.get<SessionsReply>('/api/me/sessions'),
    retry: retryUnlessRefused,
  })
