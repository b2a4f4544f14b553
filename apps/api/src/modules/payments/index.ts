/** Payments (decision 0018): the spec's payment calls, refunds, and the sandbox's confirm. */

export { receiptRenderers } from './receipt-renderers'
export { paymentRoutes } from './routes'
export { sandboxPaymentRoutes } from './sandbox-routes'
export { type PaymentService, paymentService } from './service'
