import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import {
  CreatePaymentIntentBody,
  CreatePaymentIntentReply,
  PaymentConfigReply,
  RecordPaymentBody,
  RecordPaymentReply,
} from '@shared/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perAccount, registerRouteRateLimits } from '../../plugins/route-rate-limits'
import { currentUser } from '../accounts'
import type { PaymentService } from './service'
import { webhookEvents } from './webhook-events'
import { webhookRoutes } from './webhook-routes'

/** A patient pays a handful of bookings, never dozens a minute. */
const paymentRateLimit = perAccount(30, '1 minute')

/**
 * The spec's payment calls (section 7), with amounts and outcomes from the provider only, and
 * Stripe's webhook when the provider has one.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  await registerRouteRateLimits(app, () => PAYMENT_MESSAGES.tooManyAttempts)
  const onRequest = app.requireUser
  const config = { rateLimit: paymentRateLimit }
  const provider = app.paymentProvider
  if (provider.parseWebhook) {
    const events = webhookEvents({ db: app.database.db, provider, payments, now: () => app.now() })
    await app.register(webhookRoutes, { provider, events })
  }

  app.get('/payments/config', { schema: { response: { 200: PaymentConfigReply } } }, async () => {
    const { provider, stripePublishableKey, refundCutoffHours } = app.config.payment
    return provider === 'stripe' && stripePublishableKey
      ? { provider, publishableKey: stripePublishableKey, refundCutoffHours }
      : { provider: 'sandbox' as const, refundCutoffHours }
  })

  app.post(
    '/create-payment-intent',
    {
      onRequest,
      config,
      schema: { body: CreatePaymentIntentBody, response: { 200: CreatePaymentIntentReply } },
    },
    async (req) => ({ clientSecret: await payments.createIntent(currentUser(req), req.body.bookingId) }),
  )

  app.post(
    '/payments',
    { onRequest, config, schema: { body: RecordPaymentBody, response: { 200: RecordPaymentReply } } },
    async (req) => ({ payment: { insertedId: await payments.record(currentUser(req), req.body) } }),
  )
}
