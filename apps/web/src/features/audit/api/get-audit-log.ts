import type { AuditLogReply } from '@shared/audit-log'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { JUST_FETCHED_MS } from '../../../lib/auth/admin-loader'
import { retryUnlessRefused } from '../../../lib/http'

export interface AuditFilters {
  /** An e-mail (or account id): entries that account did. */
  actor?: string
  /** An event of the shared list. */
  action?: string
}

/** The filters the address holds (`?actor=&action=`): they survive a reload and the back button. */
export const auditFiltersOf = (search: URLSearchParams): AuditFilters => ({
  actor: search.get('actor') ?? undefined,
  action: search.get('action') ?? undefined,
})

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
}

/** `GET /api/audit?actor=&action=&cursor=` (admin): a page of entries, newest first. */
export function getAuditLog(filters: AuditFilters, cursor: string | undefined) {
  const query = new URLSearchParams()
  if (filters.actor) query.set('actor', filters.actor)
  if (filters.action) query.set('action', filters.action)
  if (cursor) query.set('cursor', cursor)
  const search = query.toString()
  return api.get<AuditLogReply>(search ? `/api/audit?${search}` : '/api/audit')
}

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryUnlessRefused,
    // A log is read for what just happened: opened again, it is asked for again, unless the
    // route's loader has just fetched it.
    staleTime: JUST_FETCHED_MS,
  })

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditLogQueryOptions(filters))
