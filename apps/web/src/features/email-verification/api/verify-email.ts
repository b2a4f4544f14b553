import type { VerifyEmailBody } from '@shared/accounts'
import { fetchJson } from '../../../lib/http'

/** `POST /api/auth/verify-email`: the mailed link's token; no sign-in needed, and it works once. */
export const verifyEmail = (body: VerifyEmailBody) =>
  fetchJson<{ message: string }>('/api/auth/verify-email', { method: 'POST', body })
