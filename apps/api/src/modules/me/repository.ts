import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  auditLog,
  bookings,
  emailVerifications,
  knownDevices,
  loginBudgets,
  passwordResets,
  payments,
  signInLinks,
  users,
} from '../../db/schema'
import { endAllSessions } from '../accounts'
import { dropUnsentMailTo } from '../outbox'
import { deleteReviewsOf } from '../reviews'

export const myBookings = (db: Db, userId: string) =>
  db
    .select({
      id: bookings.id,
      treatmentName: bookings.treatmentName,
      appointmentDate: bookings.appointmentDate,
      slot: bookings.slotLabel,
      price: bookings.priceTk,
      patientName: bookings.patientName,
      phone: bookings.phone,
      status: bookings.status,
      paid: bookings.paid,
      createdAt: bookings.createdAt,
      cancelledAt: bookings.cancelledAt,
    })
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.startsAt))

export const myPayments = (db: Db, userId: string) =>
  db
    .select({
      bookingId: payments.bookingId,
      transactionId: payments.transactionId,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      createdAt: payments.createdAt,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(payments.createdAt))

/** The entries about the account; an address only where the account itself acted. */
export const myAuditEntries = (db: Db, userId: string) =>
  db
    .select({
      event: auditLog.event,
      at: auditLog.at,
      address: sql<string | null>`case when ${auditLog.actorId} = ${userId} then ${auditLog.address} end`,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(asc(auditLog.at), asc(auditLog.id))

/** Whether this session began with a Google sign-in in the last `minutes` (the database's clock). */
export async function signedInWithGoogleLately(
  db: Db,
  userId: string,
  sessionId: string,
  minutes: number,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        eq(auditLog.event, 'login_succeeded'),
        sql`${auditLog.detail}->>'via' = 'google'`,
        sql`${auditLog.detail}->>'sessionId' = ${sessionId}`,
        gt(auditLog.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return (row?.n ?? 0) > 0
}

/**
 * The ids of the admins, locked until the transaction ends: two admins deleting themselves at
 * once cannot both see the other and leave the clinic with none.
 */
export async function lockAdmins(tx: Db): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .for('update')
  return admins.map((admin) => admin.id)
}

/** The account's bookings still ahead, the paid or the unpaid ones. */
const upcomingOf = (userId: string, now: Date, paid: boolean) =>
  and(
    eq(bookings.userId, userId),
    eq(bookings.status, 'booked'),
    eq(bookings.paid, paid),
    gt(bookings.startsAt, now),
  )

/** The account's paid bookings that are still ahead: an admin's deletion gives their money back. */
export async function upcomingPaidBookings(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(upcomingOf(userId, now, true))
  return rows.map((row) => row.id)
}

/**
 * Cancels the account's upcoming bookings; answers how many. The bookings' trigger writes their
 * cancellation mails (docs/database-triggers.md), which are never sent: the sender skips the mail
 * of a deleted patient.
 */
async function cancelUpcomingBookings(tx: Db, userId: string, now: Date): Promise<number> {
  // A paid upcoming booking stays: the patient paid for it and the clinic still expects them
  // (refunds go through the booking's own cancel, with its cutoff).
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(upcomingOf(userId, now, false))
    .returning({ id: bookings.id })
  return cancelled.length
}

/**
 * Deletes the account inside the caller's transaction, whoever asked (the owner or an admin):
 * erased first, which locks the account's row, so a booking on its way waits for the commit and is
 * then refused by the database (migration 0005); one that came before is cancelled here, and every
 * session ends. Answers how many bookings were cancelled.
 */
export async function closeAccount(tx: Db, account: { id: string; email: string }, now: Date) {
  await eraseAccount(tx, account.id, account.email)
  const cancelled = await cancelUpcomingBookings(tx, account.id, now)
  await endAllSessions(tx, account.id)
  return cancelled
}

export const DELETED_NAME = 'Deleted account'

/**
 * Erases what identifies the person and keeps the records the clinic must keep (bookings, audit
 * entries) pointing at the emptied row. The e-mail becomes one that can never be used, so the
 * address itself can register again.
 */
async function eraseAccount(tx: Db, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({
      name: DELETED_NAME,
      email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
      role: 'patient',
      passwordHash: null,
      googleSubject: null,
      emailVerifiedAt: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
  await tx.update(bookings).set({ patientName: DELETED_NAME, phone: '' }).where(eq(bookings.userId, userId))
  await deleteReviewsOf(tx, userId)
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId))
  await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId))
  await tx.delete(signInLinks).where(eq(signInLinks.userId, userId))
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId))
  await tx.delete(loginBudgets).where(eq(loginBudgets.email, email))
  await dropUnsentMailTo(tx, email)
  // Throttled sign-ins name only the e-mail, not the account.
  await tx
    .update(auditLog)
    .set({ email: null })
    .where(or(eq(auditLog.userId, userId), eq(auditLog.email, email)))
}
