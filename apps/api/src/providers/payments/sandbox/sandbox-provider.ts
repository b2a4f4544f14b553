import { randomBytes } from 'node:crypto'
import type { ErrorCode } from '@shared/errors'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import type { Db } from '../../../db/client'
import { type PaymentProvider, PaymentProviderError, type ProviderIntent } from '../payment-provider'
import { type Card, checkCard } from './cards'
import {
  findIntentById,
  findIntentBySecret,
  insertOrFindIntent,
  markCanceled,
  markSucceeded,
  recordRefusal,
  refundOnce,
  type SandboxIntentRow,
} from './sandbox-intents'

export type SandboxConfirmResult =
  | { ok: true; intent: ProviderIntent }
  | { ok: false; code: ErrorCode; message: string }

/**
 * The offline card processor (decision 0018): what Stripe.js's confirmCardPayment and Stripe's
 * servers do, for Stripe's test cards only. The card is checked and forgotten: only its brand
 * and last four digits are kept, and nothing here logs.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  /** Undefined when no intent has this client secret. */
  confirm(input: { clientSecret: string; card: Card }, now: Date): Promise<SandboxConfirmResult | undefined>
}

// 128 bits or more: the client secret is the only credential of the confirm call.
const randomId = (bytes: number) => randomBytes(bytes).toString('hex')

export function createSandboxProvider(db: Db): SandboxProvider {
  return {
    name: 'sandbox',

    async createIntent({ bookingId, amountMinor, currency, idempotencyKey }) {
      const id = `pi_sbx_${randomId(12)}`
      const row = await insertOrFindIntent(db, {
        id,
        clientSecret: `${id}_secret_${randomId(16)}`,
        idempotencyKey,
        amountMinor,
        currency,
        bookingId,
      })
      // Stripe refuses a key reused with other parameters rather than answer another request's intent.
      if (
        row.amountMinor !== amountMinor ||
        row.currency !== currency ||
        row.metadata.bookingId !== bookingId
      )
        throw new PaymentProviderError('Idempotency key reused with different parameters')
      return toProviderIntent(row)
    },

    async retrieveIntent(id) {
      const row = await findIntentById(db, id)
      return row && toProviderIntent(row)
    },

    async cancelIntent(id) {
      const row = (await markCanceled(db, id)) ?? (await findIntentById(db, id))
      return row && toProviderIntent(row)
    },

    async refund({ intentId }) {
      const refundId = await refundOnce(db, intentId, `re_sbx_${randomId(12)}`)
      if (!refundId) throw new PaymentProviderError(`Intent ${intentId} is unknown or was not paid`)
      return { refundId }
    },

    // One statement when the intent is payable (the usual case); the card is checked first, in memory.
    async confirm({ clientSecret, card }, now) {
      const check = checkCard(card, now)
      if (check.ok) {
        const paid = await markSucceeded(db, clientSecret, { brand: check.brand, last4: check.last4 })
        if (paid) return { ok: true, intent: toProviderIntent(paid) }
      } else if (await recordRefusal(db, clientSecret, check.message)) {
        return check
      }
      // Unknown, or paid or canceled already (perhaps by another call meanwhile): answer what it is.
      return answerSettled(await findIntentBySecret(db, clientSecret))
    },
  }
}

function answerSettled(row: SandboxIntentRow | undefined): SandboxConfirmResult | undefined {
  if (!row) return undefined
  if (row.status === 'succeeded') return { ok: true, intent: toProviderIntent(row) }
  return { ok: false, code: 'PAYMENT_NOT_CONFIRMED', message: PAYMENT_MESSAGES.notConfirmed }
}

function toProviderIntent(row: SandboxIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    bookingId: row.metadata.bookingId,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : undefined,
  }
}

/** The sandbox's confirm route exists only when the sandbox is the configured provider. */
export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox'
