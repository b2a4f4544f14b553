import type { PasswordResetConfirmBody, PasswordResetRequestBody } from '@shared/accounts'
import { fetchJson } from '../../../lib/http'

/** `POST /api/auth/password-reset` (decision 0014): mails a single-use reset link if the account exists. */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  fetchJson<{ message: string }>('/api/auth/password-reset', { method: 'POST', body })

/** `POST /api/auth/password-reset/confirm`: the mailed link's token and the new password. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  fetchJson<{ message: string }>('/api/auth/password-reset/confirm', { method: 'POST', body })
