import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type OutboxMessage, outbox } from '../../db/schema'

export type ClaimedMail = Awaited<ReturnType<typeof claimDueMail>>[number]

const secondsFromNow = (seconds: number) => sql`now() + ${seconds}::integer * interval '1 second'`

/** Writes a mail to send, in the caller's transaction: it exists only if that transaction commits. */
export async function writeMail(
  db: Db,
  kind:
    | 'password_reset'
    | 'email_verification'
    | 'sign_in_link'
    | 'contact_message'
    | 'contact_confirmation'
    | 'waitlist_offer',
  message: OutboxMessage,
): Promise<void> {
  await db.insert(outbox).values({ kind, message })
}

/**
 * Takes up to `limit` due mails for this server, in one statement: each is leased to it for
 * `leaseSeconds` (another server's claim skips it meanwhile, and takes it over after, should this
 * server die mid-send), and the attempt is counted before it is made.
 */
export function claimDueMail(db: Db, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: secondsFromNow(leaseSeconds) })
    .where(inArray(outbox.id, due))
    .returning({
      id: outbox.id,
      kind: outbox.kind,
      bookingId: outbox.bookingId,
      message: outbox.message,
      createdAt: outbox.createdAt,
      attempts: outbox.attempts,
    })
}

/** Sent: the message is erased, so that a link in it does not outlive its delivery. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db.update(outbox).set({ sentAt: sql`now()`, message: null, lastError: null }).where(eq(outbox.id, id))
}

export async function retryLater(db: Db, id: string, error: string, delaySeconds: number): Promise<void> {
  await db
    .update(outbox)
    .set({ nextAttemptAt: secondsFromNow(delaySeconds), lastError: error })
    .where(eq(outbox.id, id))
}

/** Given up: nothing will send it, so the message goes too. */
export async function giveUp(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ failedAt: sql`now()`, message: null, lastError: reason })
    .where(eq(outbox.id, id))
}

/** Mails claimed but not tried (the server is stopping), due again at once and uncounted. */
export async function releaseClaims(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(inArray(outbox.id, ids))
}

/** An account being erased takes the mails still waiting for its address with it (reset and verification links). */
export async function dropUnsentMailTo(db: Db, email: string): Promise<void> {
  await db
    .delete(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), sql`${outbox.message}->>'to' = ${email}`))
}

/**
 * The mails still to send (retries and leased ones included), how long the oldest has waited in
 * the database's own clock, and how many of them have failed at least once. Reads only the rows
 * of the partial index `outbox_due_idx`, however much sent mail the table keeps.
 */
export async function waitingMail(
  db: Db,
): Promise<{ count: number; oldestSeconds: number; failing: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::integer`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
      failing: sql<number>`(count(*) filter (where ${outbox.lastError} is not null))::integer`,
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt)))
  return row ?? { count: 0, oldestSeconds: 0, failing: 0 }
}
