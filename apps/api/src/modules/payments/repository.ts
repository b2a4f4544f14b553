import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedQuery } from '../../db/prepared-query'
import { bookings, paymentIntents, payments, stripeEvents, users } from '../../db/schema'
import type { ProviderName } from '../../providers/payments'

const bookingToPay = {
  id: bookings.id,
  userId: bookings.userId,
  email: users.email,
  priceTk: bookings.priceTk,
  paid: bookings.paid,
  status: bookings.status,
  startsAt: bookings.startsAt,
}

const bookingToPayById = preparedQuery('payments_booking_to_pay', (db) =>
  db
    .select(bookingToPay)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, sql.placeholder('id'))),
)

/** What paying for a booking depends on, read fresh for every decision. */
export async function findBookingToPay(db: Db, id: string) {
  const [row] = await bookingToPayById(db).execute({ id })
  return row
}
export type BookingToPay = NonNullable<Awaited<ReturnType<typeof findBookingToPay>>>

const bookingWithIntent = preparedQuery('payments_booking_with_intent', (db) =>
  db
    .select({ booking: bookingToPay, intent: paymentIntents })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(
      paymentIntents,
      and(
        eq(paymentIntents.bookingId, bookings.id),
        eq(paymentIntents.provider, sql.placeholder('provider')),
      ),
    )
    .where(eq(bookings.id, sql.placeholder('id'))),
)

/** The booking with its intent at this provider, if it has one: one query for the usual request. */
export async function findBookingWithIntent(db: Db, id: string, provider: ProviderName) {
  const [row] = await bookingWithIntent(db).execute({ id, provider })
  return row
}

const bookingWithTransaction = preparedQuery('payments_booking_with_transaction', (db) =>
  db
    .select({ booking: bookingToPay, intent: paymentIntents, paymentId: payments.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(
      paymentIntents,
      and(eq(paymentIntents.id, sql.placeholder('transactionId')), eq(paymentIntents.bookingId, bookings.id)),
    )
    .leftJoin(payments, eq(payments.transactionId, sql.placeholder('transactionId')))
    .where(eq(bookings.id, sql.placeholder('id'))),
)

/** The booking, the intent `transactionId` if it is this booking's, and its payment if recorded. */
export async function findBookingWithTransaction(db: Db, id: string, transactionId: string) {
  const [row] = await bookingWithTransaction(db).execute({ id, transactionId })
  return row
}

const bookingOfSecret = preparedQuery('payments_booking_of_secret', (db) =>
  db
    .select(bookingToPay)
    .from(paymentIntents)
    .innerJoin(bookings, eq(bookings.id, paymentIntents.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(paymentIntents.clientSecret, sql.placeholder('clientSecret'))),
)

/** The booking of the intent with this client secret: the sandbox's confirm knows no other. */
export async function findBookingOfSecret(db: Db, clientSecret: string) {
  const [row] = await bookingOfSecret(db).execute({ clientSecret })
  return row
}

const storedIntentById = preparedQuery('payments_stored_intent', (db) =>
  db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.id, sql.placeholder('id'))),
)

export async function findStoredIntent(db: Db, id: string) {
  const [row] = await storedIntentById(db).execute({ id })
  return row
}

/**
 * Two requests at once both asked the provider (same idempotency key, same intent); one row
 * stays, and both answer its client secret.
 */
export async function storeIntent(db: Db, intent: NewIntent): Promise<string> {
  const [stored] = await insertIntent(db).execute(intent)
  if (stored) return stored.clientSecret
  const [first] = await intentSecretOfBooking(db).execute(intent)
  return first?.clientSecret ?? intent.clientSecret
}

export type NewIntent = Pick<
  typeof paymentIntents.$inferInsert,
  'id' | 'bookingId' | 'provider' | 'clientSecret' | 'amountMinor' | 'currency'
>

const insertIntent = preparedQuery('payments_insert_intent', (db) =>
  db
    .insert(paymentIntents)
    .values({
      id: sql.placeholder('id'),
      bookingId: sql.placeholder('bookingId'),
      provider: sql.placeholder('provider'),
      clientSecret: sql.placeholder('clientSecret'),
      amountMinor: sql.placeholder('amountMinor'),
      currency: sql.placeholder('currency'),
    })
    .onConflictDoNothing()
    .returning({ clientSecret: paymentIntents.clientSecret }),
)

const intentSecretOfBooking = preparedQuery('payments_intent_secret_of_booking', (db) =>
  db
    .select({ clientSecret: paymentIntents.clientSecret })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.bookingId, sql.placeholder('bookingId')),
        eq(paymentIntents.provider, sql.placeholder('provider')),
      ),
    ),
)

/** Every column given, none left to its default: the prepared insert has a placeholder for each. */
export type NewPayment = Required<
  Pick<
    typeof payments.$inferInsert,
    | 'bookingId'
    | 'provider'
    | 'transactionId'
    | 'amountMinor'
    | 'currency'
    | 'cardBrand'
    | 'cardLast4'
    | 'createdAt'
  >
>

/**
 * Records the payment once: a replay, the webhook and the browser at once, or two tabs all end on
 * the one row. Its insert marks the booking paid and writes the receipt and the audit entry
 * (trigger `payments_recorded`, docs/database-triggers.md). `created` says whether this call made
 * it; `bookingStatus` is read after the insert, so a cancellation that raced it is seen (the
 * trigger's update of the booking waited for it). `refundDue`: the payment stands, but its booking
 * was cancelled or had started when it was recorded (which then marked nothing paid), so the money
 * goes back; read from the rows, a refund that failed is due again on the next report. A Stripe
 * event is marked handled in a transaction with the payment, unless such a refund must follow.
 * Without one, each statement commits on its own (decision 0072): the booking is then read after
 * the insert committed, as it would be inside the transaction after the insert.
 */
export async function recordPayment(db: Db, payment: NewPayment, event?: HandledEvent) {
  if (!event) return recordOnce(db, payment)
  return db.transaction(async (tx) => {
    const recorded = await recordOnce(tx, payment)
    if (!recorded?.refundDue) await markEventHandled(tx, event)
    return recorded
  })
}

async function recordOnce(db: Db, payment: NewPayment) {
  const values = { ...payment, createdAt: payment.createdAt.toISOString() }
  const [created] = await insertPayment(db).execute(values)
  const [row] = created ? [created] : await recordedByTransaction(db).execute(payment)
  const [booking] = await bookingTimes(db).execute(payment)
  const refundDue =
    row?.status === 'succeeded' &&
    booking !== undefined &&
    (booking.status === 'cancelled' || row.createdAt >= booking.startsAt)
  return row && { ...row, created: created !== undefined, bookingStatus: booking?.status, refundDue }
}

const recorded = { id: payments.id, status: payments.status, createdAt: payments.createdAt }

const insertPayment = preparedQuery('payments_insert', (db) =>
  db
    .insert(payments)
    .values({
      bookingId: sql.placeholder('bookingId'),
      provider: sql.placeholder('provider'),
      transactionId: sql.placeholder('transactionId'),
      amountMinor: sql.placeholder('amountMinor'),
      currency: sql.placeholder('currency'),
      cardBrand: sql.placeholder('cardBrand'),
      cardLast4: sql.placeholder('cardLast4'),
      createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
    })
    .onConflictDoNothing()
    .returning(recorded),
)

const recordedByTransaction = preparedQuery('payments_recorded_by_transaction', (db) =>
  db
    .select(recorded)
    .from(payments)
    .where(eq(payments.transactionId, sql.placeholder('transactionId'))),
)

const bookingTimes = preparedQuery('payments_booking_times', (db) =>
  db
    .select({ status: bookings.status, startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.id, sql.placeholder('bookingId'))),
)

export async function findPaymentOfBooking(db: Db, bookingId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.bookingId, bookingId))
  return row
}

export async function findPaymentByTransaction(db: Db, transactionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId))
  return row
}

/** Writes of the caller's that belong to a refund's cancellation, run in its transaction. */
export type WithCancellation = (tx: Db) => Promise<void>

/**
 * After the provider refunded: the payment refunded (trigger `payments_refunded`, docs/database-
 * triggers.md: the booking unpaid, the refund receipt and the audit entry), then the booking
 * cancelled if it is still upcoming (its trigger writes the cancellation mail and frees the slot),
 * in one transaction, with the Stripe event that reported the refund, if one did, and the caller's
 * `withCancellation`. False when another request did it first.
 */
export async function markRefundedAndCancel(
  db: Db,
  {
    paymentId,
    refundId,
    now,
    event,
    withCancellation,
  }: {
    paymentId: string
    refundId: string | null
    now: Date
    event?: HandledEvent
    withCancellation?: WithCancellation
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (event) await markEventHandled(tx, event)
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded', refundId, refundedAt: now, amountRefundedMinor: payments.amountMinor })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
      .returning({ bookingId: payments.bookingId })
    if (!refunded) return false
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(
        and(eq(bookings.id, refunded.bookingId), eq(bookings.status, 'booked'), gt(bookings.startsAt, now)),
      )
    await withCancellation?.(tx)
    return true
  })
}

/**
 * A partial refund made in Stripe's dashboard, as the total refunded so far: the booking stays paid
 * (trigger `payments_refunded`, docs/database-triggers.md: the audit entry and the receipt). Events
 * may come in any order, so an older, smaller total changes nothing.
 */
export async function recordPartialRefund(
  db: Db,
  {
    paymentId,
    amountRefundedMinor,
    event,
  }: { paymentId: string; amountRefundedMinor: number; event: HandledEvent },
): Promise<void> {
  await db.transaction(async (tx) => {
    await markEventHandled(tx, event)
    await tx
      .update(payments)
      .set({ amountRefundedMinor })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'succeeded'),
          lt(payments.amountRefundedMinor, amountRefundedMinor),
          gt(payments.amountMinor, amountRefundedMinor),
        ),
      )
  })
}

/** A Stripe event whose handling has committed; Stripe's later deliveries of it are skipped. */
export interface HandledEvent {
  id: string
  type: string
}

export async function eventHandled(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id))
  return row !== undefined
}

/**
 * Written in the transaction that handles the event, so it exists only if the handling
 * committed: an event whose handling failed is handled again when Stripe delivers it again.
 * False when another delivery of it was handled meanwhile.
 */
export async function markEventHandled(db: Db, event: HandledEvent): Promise<boolean> {
  const written = await db
    .insert(stripeEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
  return written.length > 0
}
