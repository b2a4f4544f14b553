import { useMutation } from '@tanstack/react-query'
import toast from 'react-hot-toast/headless'
import { api } from '../../../lib/api-client'
import { userMessage } from '../../../lib/http'

/** `POST /api/auth/verify-email/resend` (bearer): mails a new link. */
export const resendVerification = () => api.post<{ message: string }>('/api/auth/verify-email/resend')

/**
 * The server limits how often (429 with its message), so the answer is shown as it is, in a toast
 * and by the caller.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: (reply) => toast.success(reply.message),
    onError: (error) => toast.error(userMessage(error)),
  })
}

/** The answer to show next to the button: the server's message, either way. */
export function resendAnswer(resend: ReturnType<typeof useResendVerification>): string | null {
  if (resend.data) return resend.data.message
  return resend.error ? userMessage(resend.error) : null
}
