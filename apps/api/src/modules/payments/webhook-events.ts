import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { PaymentProvider, ProviderEvent } from '../../providers/payments'
import { audit } from '../audit'
import {
  eventHandled,
  findBookingToPay,
  findPaymentByTransaction,
  findStoredIntent,
  type HandledEvent,
  markEventHandled,
  markRefundedAndCancel,
  recordPartialRefund,
} from './repository'
import type { PaymentService } from './service'

type RefundedCharge = Extract<ProviderEvent, { type: 'charge.refunded' }>

export interface WebhookDeps {
  db: Db
  provider: PaymentProvider
  payments: Pick<PaymentService, 'recordSucceededIntent'>
  now: () => Date
}

/**
 * Stripe's events, each handled once (ARCHITECTURE §5). An event is marked handled in the
 * transaction that handles it: one whose handling failed (the route answers 500) is not marked,
 * and is handled when Stripe delivers it again. Only intents this server created are acted on.
 */
export function webhookEvents({ db, provider, payments, now }: WebhookDeps) {
  /** The browser may never come back (closed tab): the webhook records the payment itself. */
  async function intentSucceeded(event: HandledEvent, intentId: string) {
    if (!(await findStoredIntent(db, intentId))) return
    // The event's copy may be out of date, and the webhook URL is public: ask Stripe itself.
    const intent = await provider.retrieveIntent(intentId)
    if (!intent) return
    try {
      await payments.recordSucceededIntent(intent, undefined, event)
    } catch (error) {
      // Refused for good (not this booking's amount, booking cancelled and refunded): handled.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error
      await markEventHandled(db, event)
    }
  }

  /** A refused card changes nothing: the patient may try another on the same intent. */
  async function intentFailed(event: HandledEvent, intentId: string) {
    const stored = await findStoredIntent(db, intentId)
    const booking = stored && (await findBookingToPay(db, stored.bookingId))
    if (!stored || !booking) return
    const detail = { bookingId: booking.id, transactionId: intentId, amountMinor: stored.amountMinor }
    await db.transaction(async (tx) => {
      if (await markEventHandled(tx, event))
        await audit(tx, { event: 'payment_failed', userId: booking.userId, email: booking.email, detail })
    })
  }

  /**
   * A refund made in Stripe's dashboard, read from the charge's own `refunded` and
   * `amount_refunded` (its list of refunds is no longer sent): in full, the payment is refunded
   * and the slot freed, as ours do; in part, the amount is recorded and the booking kept.
   */
  async function chargeRefunded(event: HandledEvent, charge: RefundedCharge) {
    const payment = await findPaymentByTransaction(db, charge.intentId)
    if (!payment) return
    const { amountRefundedMinor } = charge
    if (charge.refunded || amountRefundedMinor >= payment.amountMinor) {
      const refundId = charge.refundId ?? null
      await markRefundedAndCancel(db, { paymentId: payment.id, refundId, now: now(), event })
    } else {
      await recordPartialRefund(db, { paymentId: payment.id, amountRefundedMinor, event })
    }
  }

  return {
    async handle(event: ProviderEvent): Promise<void> {
      if (event.type === 'other' || (await eventHandled(db, event.id))) return
      const handled = { id: event.id, type: event.type }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return intentSucceeded(handled, event.intent.id)
        case 'payment_intent.payment_failed':
          return intentFailed(handled, event.intent.id)
        case 'charge.refunded':
          return chargeRefunded(handled, event)
      }
    },
  }
}

export type WebhookEvents = ReturnType<typeof webhookEvents>
