import type { PaymentConfigReply } from '@shared/payments'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchJson, retryUnlessRefused } from '../../../lib/http'
import { paymentKeys } from './payment-keys'

/** `GET /api/payments/config`: the card form to show and the refund cutoff; fixed while the server runs. */
export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: () => fetchJson<PaymentConfigReply>('/api/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryUnlessRefused,
  })

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions())
