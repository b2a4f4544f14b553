import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { bookings } from './bookings'

/**
 * The intent this server asked its provider for, one per booking and provider: asking again
 * reuses it (the provider is asked with an idempotency key per booking, so even two requests at
 * once get the same one). The amount is the booking's fee in minor units, never the browser's.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    clientSecret: text('client_secret').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_intents_one_per_booking').on(t.bookingId, t.provider)],
)

/**
 * A payment the provider confirmed. One per booking and one per intent: the same transaction
 * recorded twice, or by the browser and the webhook at once, is one payment. Its insert marks the
 * booking paid and its refund marks it unpaid, in the same transaction (triggers, migration 0008).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's intent id: the spec's `transactionId`. */
    transactionId: text('transaction_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** Brand and last four digits only: never the number. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    status: text('status', { enum: ['succeeded', 'refunded'] })
      .notNull()
      .default('succeeded'),
    /**
     * Refunded so far, in minor units: below `amount_minor` while the payment stands (a partial
     * refund made in Stripe's dashboard), all of it once `status` is 'refunded'.
     */
    amountRefundedMinor: integer('amount_refunded_minor').notNull().default(0),
    /** Unknown for a full refund Stripe reports by its charge alone (API versions since 2022-11-15). */
    refundId: text('refund_id'),
    /** The server's clock: a payment recorded once its booking started pays nothing (migration 0010). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_transaction').on(t.transactionId),
    uniqueIndex('payments_one_per_booking').on(t.bookingId),
    check('payments_status_known', sql`${t.status} IN ('succeeded', 'refunded')`),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_last4_only', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check(
      'payments_refund_recorded',
      sql`(${t.status} = 'refunded') = (${t.refundedAt} IS NOT NULL AND ${t.amountRefundedMinor} = ${t.amountMinor})`,
    ),
    check('payments_refunded_within', sql`${t.amountRefundedMinor} BETWEEN 0 AND ${t.amountMinor}`),
  ],
)

/**
 * The sandbox processor's own intents (the offline stand-in for Stripe's servers): what it
 * would keep, and no more. Card numbers and CVCs are checked and forgotten.
 */
export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
      .notNull()
      .default('requires_payment_method'),
    lastError: text('last_error'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_intents_secret').on(t.clientSecret),
    uniqueIndex('sandbox_intents_idempotency').on(t.idempotencyKey),
    check('sandbox_intents_last4_only', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
)

/**
 * Stripe events handled, written in the transaction that handled them: an event whose handling
 * failed is not here, so Stripe's next delivery of it is handled again.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_handled_idx').on(t.handledAt)],
)
