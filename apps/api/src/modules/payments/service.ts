import { CURRENCY, type RecordPaymentBody, toMinorUnits } from '@shared/payments'
import type { Db } from '../../db/client'
import { type PaymentProvider, PaymentProviderError, type ProviderIntent } from '../../providers/payments'
import { audit, type CurrentUser, isUuid } from '../accounts'
import {
  bookingNotFound,
  notConfirmed,
  providerDown,
  refundCutoffPassed,
  refundFailed,
  whyNotPayable,
} from './payment-errors'
import {
  findBookingToPay,
  findIntentOfBooking,
  findPaymentByTransaction,
  findPaymentOfBooking,
  findStoredIntent,
  markRefundedAndCancel,
  recordPayment,
  storeIntent,
} from './repository'

export interface PaymentDeps {
  db: Db
  provider: PaymentProvider
  now: () => Date
  /** REFUND_CUTOFF_HOURS: a paid booking is cancelled with a refund until this long before it. */
  refundCutoffHours: number
}

const HOUR = 3_600_000

/** A provider that cannot be reached answers 502 with a message for the patient, never its error. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof PaymentProviderError) throw providerDown()
    throw error
  }
}

export function paymentService(deps: PaymentDeps) {
  const { db, provider } = deps

  async function ownBooking(user: CurrentUser, bookingId: string) {
    const booking = isUuid(bookingId) ? await findBookingToPay(db, bookingId) : undefined
    if (!booking || booking.userId !== user.id) throw bookingNotFound()
    return booking
  }

  /** A full refund through the provider, recorded; a failure changes nothing and says so. */
  async function refund(payment: { id: string; transactionId: string; bookingId: string }) {
    try {
      const { refundId } = await provider.refund({
        intentId: payment.transactionId,
        idempotencyKey: `refund-${payment.id}`,
      })
      return await markRefundedAndCancel(db, { paymentId: payment.id, refundId, now: deps.now() })
    } catch (error) {
      await audit(db, { event: 'refund_failed', detail: { bookingId: payment.bookingId } })
      if (error instanceof PaymentProviderError) throw refundFailed()
      throw error
    }
  }

  /**
   * Records an intent the provider reports as succeeded, if it is one this server created for a
   * booking, at that booking's amount. Used by the browser's call and by Stripe's webhook.
   */
  async function recordSucceededIntent(intent: ProviderIntent): Promise<string> {
    const stored = await findStoredIntent(db, intent.id)
    const booking = stored && (await findBookingToPay(db, stored.bookingId))
    const trusted =
      stored &&
      booking?.priceTk &&
      intent.status === 'succeeded' &&
      intent.bookingId === stored.bookingId &&
      intent.currency === CURRENCY &&
      intent.amountMinor === stored.amountMinor &&
      intent.amountMinor === toMinorUnits(booking.priceTk)
    if (!trusted) throw notConfirmed()
    const payment = await recordPayment(db, {
      bookingId: booking.id,
      provider: provider.name,
      transactionId: intent.id,
      amountMinor: intent.amountMinor,
      currency: intent.currency,
      cardBrand: intent.card?.brand ?? null,
      cardLast4: intent.card?.last4 ?? null,
    })
    if (!payment) {
      // Another intent already paid this booking: this second charge goes back at once.
      const idempotencyKey = `refund-duplicate-${intent.id}`
      await askProvider(() => provider.refund({ intentId: intent.id, idempotencyKey }))
      throw whyNotPayable(booking, deps.now()) ?? notConfirmed()
    }
    if (payment.created) {
      const detail = { bookingId: booking.id, transactionId: intent.id, amountMinor: intent.amountMinor }
      await audit(db, { event: 'payment_recorded', userId: booking.userId, email: booking.email, detail })
      // Paid for a booking cancelled meanwhile: the clinic keeps no money for it.
      if (booking.status === 'cancelled') {
        await refund({ id: payment.id, transactionId: intent.id, bookingId: booking.id })
        throw whyNotPayable(booking, deps.now())
      }
    }
    return payment.id
  }

  return {
    recordSucceededIntent,

    /** The booking's own fee, one intent per booking; the body's price is never read. */
    async createIntent(user: CurrentUser, bookingId: string): Promise<string> {
      const booking = await ownBooking(user, bookingId)
      const refusal = whyNotPayable(booking, deps.now())
      if (refusal) throw refusal
      const existing = await findIntentOfBooking(db, booking.id, provider.name)
      if (existing) return existing.clientSecret
      const amountMinor = toMinorUnits(booking.priceTk ?? 0)
      const intent = await askProvider(() =>
        provider.createIntent({
          bookingId: booking.id,
          amountMinor,
          currency: CURRENCY,
          idempotencyKey: `booking-${booking.id}-${amountMinor}`,
        }),
      )
      await storeIntent(db, {
        id: intent.id,
        bookingId: booking.id,
        provider: provider.name,
        clientSecret: intent.clientSecret,
        amountMinor,
        currency: CURRENCY,
      })
      const stored = await findIntentOfBooking(db, booking.id, provider.name)
      return stored?.clientSecret ?? intent.clientSecret
    },

    /** The spec's POST /payments: believed only as far as the provider confirms it. */
    async record(user: CurrentUser, body: RecordPaymentBody): Promise<string> {
      const booking = await ownBooking(user, body.bookingId)
      const stored = await findStoredIntent(db, body.transactionId)
      if (!stored || stored.bookingId !== booking.id) throw notConfirmed()
      const recorded = await findPaymentByTransaction(db, body.transactionId)
      if (recorded) return recorded.id
      const intent = await askProvider(() => provider.retrieveIntent(body.transactionId))
      if (!intent) throw notConfirmed()
      return recordSucceededIntent(intent)
    },

    /**
     * Cancels a paid booking of this patient with a full refund, refund first; undefined when the
     * booking has no payment to refund (the caller cancels it as an unpaid one).
     */
    async refundAndCancel(user: CurrentUser, bookingId: string): Promise<boolean | undefined> {
      const booking = await ownBooking(user, bookingId)
      const payment = await findPaymentOfBooking(db, booking.id)
      if (payment?.status !== 'succeeded' || booking.status !== 'booked') return undefined
      if (booking.startsAt.getTime() - deps.now().getTime() < deps.refundCutoffHours * HOUR)
        throw refundCutoffPassed()
      const done = await refund(payment)
      if (done) {
        const detail = {
          bookingId: booking.id,
          transactionId: payment.transactionId,
          amountMinor: payment.amountMinor,
        }
        await audit(db, { event: 'payment_refunded', userId: user.id, email: user.email, detail })
      }
      return done
    },
  }
}

export type PaymentService = ReturnType<typeof paymentService>
