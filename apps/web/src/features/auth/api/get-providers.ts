import type { ProvidersReply } from '@shared/accounts'
import { queryOptions } from '@tanstack/react-query'
import { fetchJson } from '../../../lib/http'

export const authKeys = {
  all: ['auth'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
}

/** `GET /api/auth/providers`: which identity providers this clinic configured. */
export const getProviders = () => fetchJson<ProvidersReply>('/api/auth/providers')

// The configuration only changes with a restart of the server.
export const providersQueryOptions = () =>
  queryOptions({ queryKey: authKeys.providers(), queryFn: getProviders, staleTime: Number.POSITIVE_INFINITY })
