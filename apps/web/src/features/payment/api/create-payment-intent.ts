import type { CreatePaymentIntentReply } from '@shared/payments'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { retryUnlessRefused } from '../../../lib/http'
import { paymentKeys } from './payment-keys'

/**
 * `POST /api/create-payment-intent` (bearer): the client secret for paying this booking. The
 * server charges the booking's own fee and hands out the same intent again for the same booking,
 * so asking once per visit of the page is safe; it is not kept after the page is left.
 */
export const paymentIntentQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: paymentKeys.intent(bookingId),
    queryFn: () => api.post<CreatePaymentIntentReply>('/api/create-payment-intent', { bookingId }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: retryUnlessRefused,
  })
