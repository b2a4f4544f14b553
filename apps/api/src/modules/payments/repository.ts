import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookings, paymentIntents, payments, users } from '../../db/schema'
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

/** What paying for a booking depends on, read fresh for every decision. */
export async function findBookingToPay(db: Db, id: string) {
  const [row] = await db
    .select(bookingToPay)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, id))
  return row
}
export type BookingToPay = NonNullable<Awaited<ReturnType<typeof findBookingToPay>>>

/** The booking with its intent at this provider, if it has one: one query for the usual request. */
export async function findBookingWithIntent(db: Db, id: string, provider: ProviderName) {
  const [row] = await db
    .select({ booking: bookingToPay, intent: paymentIntents })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(
      paymentIntents,
      and(eq(paymentIntents.bookingId, bookings.id), eq(paymentIntents.provider, provider)),
    )
    .where(eq(bookings.id, id))
  return row
}

/** The booking, the intent `transactionId` if it is this booking's, and its payment if recorded. */
export async function findBookingWithTransaction(db: Db, id: string, transactionId: string) {
  const [row] = await db
    .select({ booking: bookingToPay, intent: paymentIntents, paymentId: payments.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(
      paymentIntents,
      and(eq(paymentIntents.id, transactionId), eq(paymentIntents.bookingId, bookings.id)),
    )
    .leftJoin(payments, eq(payments.transactionId, transactionId))
    .where(eq(bookings.id, id))
  return row
}

export async function findStoredIntent(db: Db, id: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id))
  return row
}

/**
 * Two requests at once both asked the provider (same idempotency key, same intent); one row
 * stays, and both answer its client secret.
 */
export async function storeIntent(db: Db, intent: typeof paymentIntents.$inferInsert): Promise<string> {
  const [stored] = await db
    .insert(paymentIntents)
    .values(intent)
    .onConflictDoNothing()
    .returning({ clientSecret: paymentIntents.clientSecret })
  if (stored) return stored.clientSecret
  const [first] = await db
    .select({ clientSecret: paymentIntents.clientSecret })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, intent.bookingId), eq(paymentIntents.provider, intent.provider)))
  return first?.clientSecret ?? intent.clientSecret
}

export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'bookingId' | 'provider' | 'transactionId' | 'amountMinor' | 'currency' | 'cardBrand' | 'cardLast4'
>

/**
 * Records the payment once: a replay, the webhook and the browser at once, or two tabs all end
 * on the one row of this transaction. Its insert marks the booking paid and writes the receipt
 * and the audit entry (triggers of migration 0008). `created` says whether this call made it.
 */
export async function recordPayment(db: Db, payment: NewPayment) {
  const [created] = await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing()
    .returning({ id: payments.id, status: payments.status })
  if (created) return { ...created, created: true }
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.transactionId, payment.transactionId))
  return row && { ...row, created: false }
}

export async function findPaymentOfBooking(db: Db, bookingId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.bookingId, bookingId))
  return row
}

/**
 * After the provider refunded: the payment refunded (its trigger marks the booking unpaid and
 * writes the refund receipt), then the booking cancelled (its trigger writes the cancellation
 * mail and frees the slot), in one transaction. False when another request did it first.
 */
export async function markRefundedAndCancel(
  db: Db,
  { paymentId, refundId, now }: { paymentId: string; refundId: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded', refundId, refundedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')))
      .returning({ bookingId: payments.bookingId })
    if (!refunded) return false
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(bookings.id, refunded.bookingId), eq(bookings.status, 'booked')))
    return true
  })
}
