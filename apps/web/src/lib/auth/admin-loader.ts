import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { prefetchableEmail } from './signed-in-loader'
import { isAdminQueryOptions } from './use-is-admin'

/**
 * How long what a loader fetched counts as fresh for a query that is otherwise asked for again each
 * time it is shown (staleTime 0): the page that mounts just after its loader must not ask again.
 */
export const JUST_FETCHED_MS = 10_000

/**
 * A route loader of an admin page: once the admin check says admin (the dashboard's loader has
 * started it; later navigations find it cached), it starts the page's queries, given the page's
 * address. It never waits and never fails: a non-admin costs no request and is sent to /login by
 * the AdminOnly guard, and a failed check or prefetch is left to the guard and the page, never to
 * the route's error screen (TanStack Query's prefetch never throws).
 */
export function adminLoader(queryClient: QueryClient, prefetch: (url: URL) => void) {
  return ({ request }: LoaderFunctionArgs): null => {
    const email = prefetchableEmail()
    if (!email) return null
    queryClient.ensureQueryData(isAdminQueryOptions(email)).then(
      ({ isAdmin }) => {
        if (isAdmin) prefetch(new URL(request.url))
      },
      () => {},
    )
    return null
  }
}
