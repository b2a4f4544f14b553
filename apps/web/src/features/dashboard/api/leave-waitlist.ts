import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'
import { appOptionsKeys, waitlistKeys } from '../../appointment'

/** `DELETE /api/waitlist/:id` (bearer): leaves the waitlist, declining a live offer, whose slot goes to the next in line. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/waitlist/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(WAITLIST_MESSAGES.left),
    onError: (error) => toast.error(userMessage(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        queryClient.invalidateQueries({ queryKey: appOptionsKeys.all }),
      ]),
  })
}
