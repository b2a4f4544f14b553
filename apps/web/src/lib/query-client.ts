import { QueryClient } from '@tanstack/react-query'

const FIVE_MINUTES = 5 * 60 * 1000

/** Spec section 9: 3 retries, back-off from 1 s doubling up to 30 s, cache lifetime 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
    },
  })
}

export const queryClient = createQueryClient()
