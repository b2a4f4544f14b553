import type { RecordPaymentReply } from '@shared/payments'
import { api } from '../../../lib/api-client'

/**
 * `POST /api/payments` (bearer): asks the server to record the payment of this intent. It asks
 * the provider itself whether the intent succeeded, and for what amount; the body only says which.
 */
export const recordPayment = (bookingId: string, transactionId: string) =>
  api.post<RecordPaymentReply>('/api/payments', { bookingId, transactionId })
