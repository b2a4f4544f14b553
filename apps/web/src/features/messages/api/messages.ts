import type { ContactMessage, ContactMessageListReply } from '@shared/messages'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { JUST_FETCHED_MS } from '../../../lib/auth/admin-loader'
import { retryUnlessRefused, userMessage } from '../../../lib/http'

export const messageKeys = { all: ['messages'] as const }

/** `GET /api/messages` (admin): open messages first, newest first. */
export const getMessages = () => api.get<ContactMessageListReply>('/api/messages')

export const messagesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.all,
    queryFn: getMessages,
    retry: retryUnlessRefused,
    // New messages arrive at any time: the inbox opened again is asked for again.
    staleTime: JUST_FETCHED_MS,
  })

export const useMessages = () => useQuery(messagesQueryOptions())

/** `PUT /api/messages/:id/handled` (admin): handled, or open again. */
export const markHandled = (id: string, handled: boolean) =>
  api.put<ContactMessage>(`/api/messages/${encodeURIComponent(id)}/handled`, { handled })

/**
 * The server's answer replaces the message in the cached inbox where it stands, so it does not
 * jump away from the admin's pointer; the order is the server's again on the next visit.
 */
export function useMarkHandled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => markHandled(id, handled),
    onSuccess: (changed) => {
      queryClient.setQueryData<ContactMessageListReply>(messageKeys.all, (inbox) =>
        inbox ? { messages: inbox.messages.map((m) => (m._id === changed._id ? changed : m)) } : inbox,
      )
      toast.success(changed.handledAt ? 'Marked as handled' : 'Marked as open')
    },
    onError: (error) => toast.error(userMessage(error)),
  })
}
