import type { QueryClient } from '@tanstack/react-query'
import { adminLoader } from '../../lib/auth/admin-loader'
import { messagesQueryOptions } from './api/messages'

/** The route loader of /dashboard/messages: the inbox, asked for as the navigation starts. */
export const messagesLoader = (queryClient: QueryClient) =>
  adminLoader(queryClient, () => void queryClient.prefetchQuery(messagesQueryOptions()))
