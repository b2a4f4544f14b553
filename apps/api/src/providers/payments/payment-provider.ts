/**
 * The one face of a card processor (ARCHITECTURE §3): the offline sandbox and Stripe both
 * implement it, and the payments module knows nothing else of either.
 */
export type ProviderName = 'sandbox' | 'stripe'

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

/** An intent as the provider reports it now; only the provider's word counts, never the browser's. */
export interface ProviderIntent {
  id: string
  clientSecret: string
  status: IntentStatus
  amountMinor: number
  currency: string
  /** From the intent's metadata: the booking it was created for. */
  bookingId: string | undefined
  /** Brand and last four digits of the card that paid, once it has. */
  card: { brand: string; last4: string } | undefined
}

export interface CreateIntent {
  bookingId: string
  amountMinor: number
  currency: string
  /** One per booking and amount: asking twice, even at once, gets the same intent. */
  idempotencyKey: string
}

/** A verified webhook event, reduced to what the payments module acts on. */
export type ProviderEvent =
  | { id: string; type: 'payment_intent.succeeded' | 'payment_intent.payment_failed'; intent: ProviderIntent }
  | {
      id: string
      type: 'charge.refunded'
      intentId: string
      /** The charge's own figures, which every API version sends; a refund may be partial. */
      amountMinor: number
      amountRefundedMinor: number
      refunded: boolean
      /** Only older API versions list the charge's refunds (expanded by default until 2022-11-15). */
      refundId: string | undefined
    }
  | { id: string; type: 'other'; name: string }

export interface PaymentProvider {
  readonly name: ProviderName
  createIntent(input: CreateIntent): Promise<ProviderIntent>
  /** Undefined when the provider knows no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | undefined>
  /**
   * Cancels an intent not paid yet, so that it can no longer be; answers the intent as it is then
   * (succeeded if it was paid meanwhile, to be refunded), undefined when the provider knows none.
   */
  cancelIntent(id: string): Promise<ProviderIntent | undefined>
  /** A full refund of a succeeded intent; the same key twice is one refund. */
  refund(input: { intentId: string; idempotencyKey: string }): Promise<{ refundId: string }>
  /** Stripe only: checks the signature on the raw body; throws WebhookSignatureError. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent
}

/** The provider could not be reached or refused the call itself (not a card's refusal). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}
