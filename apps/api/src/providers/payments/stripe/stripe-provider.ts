import Stripe from 'stripe'
import {
  type IntentStatus,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
  type ProviderIntent,
  WebhookSignatureError,
} from '../payment-provider'

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  /** Where the SDK sends its requests: Stripe's API by default, a local fake in tests. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}

/** Stripe through its official SDK (decision 0018): amounts from the booking, the booking id in metadata. */
export function createStripeProvider({ secretKey, webhookSecret, api }: StripeOptions): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...api })

  async function retrieveIntent(id: string) {
    try {
      return toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }))
    } catch (error) {
      if (stripeCode(error) === 'resource_missing') return undefined
      throw asProviderError(error)
    }
  }

  return {
    name: 'stripe',

    async createIntent({ bookingId, amountMinor, currency, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          { amount: amountMinor, currency, metadata: { bookingId }, allowed_payment_method_types: ['card'] },
          { idempotencyKey },
        ),
      )
      return toProviderIntent(intent)
    },

    retrieveIntent,

    async cancelIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(id))
      } catch (error) {
        // Paid (or canceled) already: Stripe refuses, and the intent is answered as it is now.
        if (stripeCode(error) === 'payment_intent_unexpected_state') return retrieveIntent(id)
        if (stripeCode(error) === 'resource_missing') return undefined
        throw asProviderError(error)
      }
    },

    async refund({ intentId, idempotencyKey }) {
      const refund = await call(() => stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey }))
      return { refundId: refund.id }
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret)
      } catch {
        throw new WebhookSignatureError('Stripe webhook signature missing, wrong or too old')
      }
      return toProviderEvent(event)
    },
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw asProviderError(error)
  }
}

const stripeCode = (error: unknown) => (error instanceof Stripe.errors.StripeError ? error.code : undefined)

/** Stripe's type and code only: its messages may quote the request. */
function asProviderError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError)
    return new PaymentProviderError(
      `Stripe ${error.type}${error.code ? ` ${error.code}` : ''} (${error.statusCode ?? 'no answer'})`,
    )
  return new PaymentProviderError('Stripe could not be reached')
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
  const card = charge?.payment_method_details?.card
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountMinor: intent.amount,
    currency: intent.currency,
    bookingId: intent.metadata?.bookingId,
    card: card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : undefined,
  }
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return { id: event.id, type: event.type, intent: toProviderIntent(event.data.object) }
    case 'charge.refunded': {
      const charge = event.data.object
      const intentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
      if (!intentId) return { id: event.id, type: 'other', name: event.type }
      return {
        id: event.id,
        type: 'charge.refunded',
        intentId,
        amountMinor: charge.amount,
        amountRefundedMinor: charge.amount_refunded,
        refunded: charge.refunded,
        refundId: charge.refunds?.data[0]?.id,
      }
    }
    default:
      return { id: event.id, type: 'other', name: event.type }
  }
}
