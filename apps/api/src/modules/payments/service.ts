import { CURRENCY, type RecordPaymentBody, toMinorUnits } from '@shared/payments'
import type { Db } from '../../db/client'
import type { paymentIntents } from '../../db/schema'
import { AppError } from '../../errors'
import { findById, ownRow } from '../../lib/ids'
import type { Metrics } from '../../plugins/metrics'
import { type PaymentProvider, PaymentProviderError, type ProviderIntent } from '../../providers/payments'
import type { CurrentUser } from '../accounts'
import { audit } from '../audit'
import {
  bookingCancelled,
  bookingNotFound,
  notConfirmed,
  providerDown,
  refundCutoffPassed,
  refundFailed,
  whyNotPayable,
} from './payment-errors'
import {
  type BookingToPay,
  findBookingOfSecret,
  findBookingToPay,
  findBookingWithIntent,
  findBookingWithTransaction,
  findPaymentOfBooking,
  findStoredIntent,
  type HandledEvent,
  markRefundedAndCancel,
  recordPayment,
  storeIntent,
  type WithCancellation,
} from './repository'

export interface PaymentDeps {
  db: Db
  provider: PaymentProvider
  now: () => Date
  /** REFUND_CUTOFF_HOURS: a paid booking is cancelled with a refund until this long before it. */
  refundCutoffHours: number
  metrics: Pick<Metrics, 'paymentsRecorded' | 'refunds'>
}

const HOUR = 3_600_000

/** A succeeded payment to give back, and whose booking it paid (for the audit log). */
interface RefundablePayment {
  id: string
  transactionId: string
  amountMinor: number
  booking: Pick<BookingToPay, 'id' | 'userId' | 'email'>
}

/** What the browser's call has already read, so that recording it reads nothing twice. */
interface KnownIntent {
  stored: typeof paymentIntents.$inferSelect
  booking: BookingToPay
}

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

  const owned = <T extends { booking: { userId: string } }>(user: CurrentUser, row: T | undefined): T => {
    ownRow(row?.booking, user, bookingNotFound)
    return row as T
  }

  /**
   * A full refund through the provider, then recorded with the booking's cancellation (and the
   * Stripe event being handled, if any); a refund the provider cannot make changes nothing and
   * says so. The key makes two refunds of one payment, even at once, one refund.
   */
  async function refund(
    payment: RefundablePayment,
    event?: HandledEvent,
    withCancellation?: WithCancellation,
  ): Promise<boolean> {
    const { booking } = payment
    let refundId: string
    try {
      const idempotencyKey = `refund-${payment.id}`
      ;({ refundId } = await provider.refund({ intentId: payment.transactionId, idempotencyKey }))
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error
      deps.metrics.refunds.inc({ result: 'failed' })
      const detail = {
        bookingId: booking.id,
        transactionId: payment.transactionId,
        amountMinor: payment.amountMinor,
      }
      await audit(db, { event: 'refund_failed', userId: booking.userId, email: booking.email, detail })
      throw refundFailed()
    }
    const refunded = await markRefundedAndCancel(db, {
      paymentId: payment.id,
      refundId,
      now: deps.now(),
      event,
      withCancellation,
    })
    // False when a simultaneous call recorded this same refund (one idempotency key) first.
    if (refunded) deps.metrics.refunds.inc({ result: 'made' })
    return refunded
  }

  /**
   * Records an intent the provider reports as succeeded, if it is one this server created for a
   * booking, at that booking's amount. Used by the browser's call (which has read the intent and
   * the booking already) and by Stripe's webhook (which passes its event, to mark it handled in
   * the transaction that finishes handling it).
   */
  async function recordSucceededIntent(
    intent: ProviderIntent,
    known?: KnownIntent,
    event?: HandledEvent,
  ): Promise<string> {
    const stored = known?.stored ?? (await findStoredIntent(db, intent.id))
    const booking = known?.booking ?? (stored && (await findBookingToPay(db, stored.bookingId)))
    const trusted =
      stored &&
      booking?.priceTk &&
      intent.status === 'succeeded' &&
      intent.bookingId === stored.bookingId &&
      intent.currency === CURRENCY &&
      intent.amountMinor === stored.amountMinor &&
      intent.amountMinor === toMinorUnits(booking.priceTk)
    if (!trusted) throw notConfirmed()
    const payment = await recordPayment(
      db,
      {
        bookingId: booking.id,
        provider: provider.name,
        transactionId: intent.id,
        amountMinor: intent.amountMinor,
        currency: intent.currency,
        cardBrand: intent.card?.brand ?? null,
        cardLast4: intent.card?.last4 ?? null,
        createdAt: deps.now(),
      },
      event,
    )
    if (!payment) {
      // Another intent already paid this booking: this second charge goes back at once.
      const idempotencyKey = `refund-duplicate-${intent.id}`
      await askProvider(() => provider.refund({ intentId: intent.id, idempotencyKey }))
      deps.metrics.refunds.inc({ result: 'made' })
      throw whyNotPayable(booking, deps.now()) ?? notConfirmed()
    }
    if (payment.created) deps.metrics.paymentsRecorded.inc()
    if (payment.status === 'succeeded' && !payment.refundDue) return payment.id
    // Paid for a booking cancelled meanwhile or already started: the clinic keeps no money for it.
    if (payment.refundDue)
      await refund(
        { id: payment.id, transactionId: intent.id, amountMinor: intent.amountMinor, booking },
        event,
      )
    if (payment.bookingStatus === 'cancelled') throw bookingCancelled()
    throw whyNoLongerPayable(booking) ?? notConfirmed()
  }

  /** Cancelled or started: what the browser was shown as payable may no longer be (SECURITY.md, Payments). */
  function whyNoLongerPayable(booking: BookingToPay): AppError | undefined {
    // Paid already is not a refusal: confirming or recording the same payment again answers it.
    return whyNotPayable({ ...booking, paid: false }, deps.now())
  }

  return {
    recordSucceededIntent,

    /** Before the sandbox charges a card: its intent's booking must still be payable. */
    async assertConfirmable(clientSecret: string): Promise<void> {
      const booking = await findBookingOfSecret(db, clientSecret)
      const refusal = booking && whyNoLongerPayable(booking)
      if (refusal) throw refusal
    },

    /**
     * After a booking was cancelled: its open intent is cancelled at the provider, so that it can
     * no longer be paid; one paid meanwhile is recorded and refunded at once. The cancellation
     * stands whatever happens here: money that still arrives is refunded when it is reported
     * (the browser's call or Stripe's webhook), and a refund that fails is in the audit log.
     */
    async cancelOpenIntent(bookingId: string): Promise<void> {
      const stored = (await findBookingWithIntent(db, bookingId, provider.name))?.intent
      if (!stored) return
      try {
        const intent = await provider.cancelIntent(stored.id)
        if (intent?.status === 'succeeded') await recordSucceededIntent(intent)
      } catch (error) {
        if (!(error instanceof AppError || error instanceof PaymentProviderError)) throw error
      }
    },

    /** The booking's own fee, one intent per booking; the body's price is never read. */
    async createIntent(user: CurrentUser, bookingId: string): Promise<string> {
      const row = await findById(bookingId, (id) => findBookingWithIntent(db, id, provider.name))
      const { booking, intent: existing } = owned(user, row)
      const refusal = whyNotPayable(booking, deps.now())
      if (refusal) throw refusal
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
      return storeIntent(db, {
        id: intent.id,
        bookingId: booking.id,
        provider: provider.name,
        clientSecret: intent.clientSecret,
        amountMinor,
        currency: CURRENCY,
      })
    },

    /** The spec's POST /payments: believed only as far as the provider confirms it. */
    async record(user: CurrentUser, body: RecordPaymentBody): Promise<string> {
      const row = await findById(body.bookingId, (id) =>
        findBookingWithTransaction(db, id, body.transactionId),
      )
      const { booking, intent: stored, paymentId } = owned(user, row)
      if (!stored) throw notConfirmed()
      // Recorded and standing; a payment due back (booking cancelled or started) goes on below.
      if (paymentId && booking.paid) return paymentId
      const intent = await askProvider(() => provider.retrieveIntent(body.transactionId))
      if (!intent) throw notConfirmed()
      return recordSucceededIntent(intent, { stored, booking })
    },

    /**
     * Cancels a paid booking of this patient with a full refund, refund first; undefined when the
     * booking has no payment to refund (the caller cancels it as an unpaid one). `withCancellation`
     * runs in the transaction that cancels it (the clinic's notice replaces its mail there).
     */
    async refundAndCancel(
      user: CurrentUser,
      bookingId: string,
      withCancellation?: WithCancellation,
    ): Promise<boolean | undefined> {
      const booking = await findById(bookingId, (id) => findBookingToPay(db, id))
      owned(user, booking && { booking })
      const payment = booking && (await findPaymentOfBooking(db, booking.id))
      if (!booking || payment?.status !== 'succeeded' || booking.status !== 'booked') return undefined
      if (booking.startsAt.getTime() - deps.now().getTime() < deps.refundCutoffHours * HOUR)
        throw refundCutoffPassed()
      return refund({ ...payment, booking }, undefined, withCancellation)
    },
  }
}

export type PaymentService = ReturnType<typeof paymentService>
