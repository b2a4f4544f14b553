import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { bookings, paymentIntents, payments, users } from '../../db/schema'
import type { ProviderName } from '../../providers/payments'

/** What paying for a booking depends on, read fresh for every decision. */
export async function findBookingToPay(db: Db, id: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      email: users.email,
      priceTk: bookings.priceTk,
      paid: bookings.paid,
      status: bookings.status,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, id))
  return row
}
export type BookingToPay = NonNullable<Awaited<ReturnType<typeof findBookingToPay>>>

export async function findIntentOfBooking(db: Db, bookingId: string, provider: ProviderName) {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.bookingId, bookingId), eq(paymentIntents.provider, provider)))
  return row
}

export async function findStoredIntent(db: Db, id: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id))
  return row
}

/** Two requests at once both asked the provider (same idempotency key, same intent); one row stays. */
export async function storeIntent(db: Db, intent: typeof paymentIntents.$inferInsert): Promise<void> {
  await db.insert(paymentIntents).values(intent).onConflictDoNothing()
}

export type NewPayment = Pick<
  typeof payments.$inferInsert,
  'bookingId' | 'provider' | 'transactionId' | 'amountMinor' | 'currency' | 'cardBrand' | 'cardLast4'
>

/**
 * Records the payment once: a replay, the webhook and the browser at once, or two tabs all end
 * on the one row of this transaction. Its insert marks the booking paid and writes the receipt
 * (triggers of migration 0008). `created` says whether this call made it.
 */
export async function recordPayment(db: Db, payment: NewPayment) {
  const [created] = await db
    .insert(payments)
    .values(payment)
    .onConflictDoNothing()
    .returning({ id: payments.id })
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.transactionId, payment.transactionId))
  return row && { ...row, created: created !== undefined }
}

export async function findPaymentOfBooking(db: Db, bookingId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.bookingId, bookingId))
  return row
}

export async function findPaymentByTransaction(db: Db, transactionId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId))
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
