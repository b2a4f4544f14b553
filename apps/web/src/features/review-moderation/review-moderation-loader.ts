import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { moderationQueryOptions } from './api/reviews'

/** The route loader of /dashboard/reviews: the reviews, asked for as the navigation starts. */
export const reviewModerationLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchQuery(moderationQueryOptions()))
