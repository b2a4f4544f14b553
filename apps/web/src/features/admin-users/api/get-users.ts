import type { UserListReply } from '@shared/users'
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'

/** Every query key of the admins' user list: one list per search. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (search: string) => [...adminUserKeys.all, 'list', search] as const,
}

/** `GET /api/users` (admin): a page of 50, from the cursor the page before answered. */
export function getUsers(search: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams()
  if (search) query.set('q', search)
  if (cursor) query.set('cursor', cursor)
  const suffix = query.size > 0 ? `?${query}` : ''
  return api.get<UserListReply>(`/api/users${suffix}`, { signal })
}

/** The pages read so far for a search; the next one by its cursor, until the server answers none. */
export const usersQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: adminUserKeys.list(search),
    queryFn: ({ pageParam, signal }) => getUsers(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: retryUnlessRefused,
  })

/** While a new search loads, the previous results stay on screen. */
export const useUsers = (search: string) =>
  useInfiniteQuery({ ...usersQueryOptions(search), placeholderData: keepPreviousData })
