import type { SessionsReply } from '@shared/me'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

/** Every query key of the account page. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
}

/** `GET /api/me/sessions` (bearer): where the account is signed in. */
export const getSessions = () => api.get<SessionsReply>('/api/me/sessions')

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: getSessions, retry: retryUnlessRefused })

export const useSessions = () => useQuery(sessionsQueryOptions())
