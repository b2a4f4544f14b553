import type { SandboxConfirmBody, SandboxConfirmReply } from '@shared/payments'
import { fetchJson } from '../../../lib/http'

/**
 * `POST /api/payments/sandbox/confirm`: the offline processor's stand-in for Stripe.js's
 * confirmCardPayment. The client secret is the credential, as with Stripe, so no bearer token.
 */
export const confirmSandboxPayment = (body: SandboxConfirmBody) =>
  fetchJson<SandboxConfirmReply>('/api/payments/sandbox/confirm', { method: 'POST', body })
