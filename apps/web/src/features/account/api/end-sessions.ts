import type { EndedSessionsReply } from '@shared/me'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { accountKeys } from './get-sessions'

/**
 * `DELETE /api/me/sessions/:id` for one (`id`), `DELETE /api/me/sessions` for all but this one;
 * resolves with how many ended.
 */
export async function endSessions(id?: string): Promise<number> {
  if (id) {
    await api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`)
    return 1
  }
  return (await api.delete<EndedSessionsReply>('/api/me/sessions')).ended
}

/** Ending sessions from the account page; the list is loaded again either way. */
export function useEndSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endSessions,
    onSuccess: (ended) =>
      toast.success(ended === 1 ? 'Signed out 1 session.' : `Signed out ${ended} sessions.`),
    onError: (error) => toast.error(userMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  })
}
