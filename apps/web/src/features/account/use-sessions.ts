import type { EndedSessionsReply } from '@shared/me'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { api } from '../../lib/api-client'
import { userMessage } from '../../lib/http'
import { accountKeys, sessionsQuery } from './account-queries'

export const useSessions = () => useQuery(sessionsQuery())

/** Ending sessions: one (`id`) or all but this one (no id); the list is loaded again either way. */
export function useEndSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id?: string) => {
      if (id) {
        await api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`)
        return 1
      }
      return (await api.delete<EndedSessionsReply>('/api/me/sessions')).ended
    },
    onSuccess: (ended) =>
      toast.success(ended === 1 ? 'Signed out 1 session.' : `Signed out ${ended} sessions.`),
    onError: (error) => toast.error(userMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  })
}
