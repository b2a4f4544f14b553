import type { DeleteAccountBody } from '@shared/me'
import { apiRequest } from '../../../lib/api-client'

/**
 * `DELETE /api/me` (bearer) with the password; an account without one sends none and relies on a
 * fresh Google sign-in.
 */
export const deleteAccount = (password: string) =>
  apiRequest<{ message: string }>('/api/me', {
    method: 'DELETE',
    body: (password ? { password } : {}) satisfies DeleteAccountBody,
  })
