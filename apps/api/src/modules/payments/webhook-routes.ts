import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import { WebhookReply } from '@shared/payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors'
import { type PaymentProvider, type ProviderEvent, WebhookSignatureError } from '../../providers/payments'
import type { WebhookEvents } from './webhook-events'

// Loose: the validated headers replace request.headers, and the others must stay.
const WebhookHeaders = z.looseObject({ 'stripe-signature': z.string().max(2_000).optional() })

/** Larger than the API's 64 KB: an event refused for its size would be redelivered for days. */
const EVENT_BODY_LIMIT = 512 * 1024

/**
 * `POST /api/payments/webhook` (Stripe only). The signature covers the exact bytes Stripe sent,
 * so in this plugin alone JSON arrives as a buffer, unparsed; the provider verifies and reads it.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  provider: PaymentProvider
  events: WebhookEvents
}> = async (app, { provider, events }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))

  app.post(
    '/payments/webhook',
    { bodyLimit: EVENT_BODY_LIMIT, schema: { headers: WebhookHeaders, response: { 200: WebhookReply } } },
    async (req) => {
      await events.handle(verified(provider, req.body, req.headers['stripe-signature']))
      return { received: true as const }
    },
  )
}

function verified(provider: PaymentProvider, body: unknown, signature: string | undefined): ProviderEvent {
  try {
    if (!provider.parseWebhook || !Buffer.isBuffer(body)) throw new WebhookSignatureError('No signed body')
    return provider.parseWebhook(body, signature)
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', PAYMENT_MESSAGES.webhookSignature)
    throw error
  }
}
