import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedQuery } from '../../db/prepared-query'
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
 * `leaseSeconds` (another server's claim skips it meanwhile; the sender renews the lease while it
 * works, so a server that dies leaves its mails to the others once the lease runs out), and the
 * attempt is counted before it is made.
 */
export function claimDueMail(db: Db, limit: number, leaseSeconds: number) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.leasedUntil), lte(outbox.leasedUntil, sql`now()`)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, leasedUntil: secondsFromNow(leaseSeconds) })
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

/** This server still holds these mails: their lease runs `leaseSeconds` from now. */
export async function renewLeases(db: Db, ids: string[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(outbox)
    .set({ leasedUntil: secondsFromNow(leaseSeconds) })
    .where(and(inArray(outbox.id, ids), isNotNull(outbox.leasedUntil)))
}

/**
 * Ends every lease: for a database only this process can open (PGlite's data directory), any
 * lease found at start belongs to a process that died mid-send. The attempt stays counted, since
 * it may have reached the mail server.
 */
export async function endLeasesOfDeadProcess(db: Db): Promise<void> {
  await db.update(outbox).set({ leasedUntil: null }).where(isNotNull(outbox.leasedUntil))
}

/** Sent: the message is erased, so that a link in it does not outlive its delivery. */
export async function markSent(db: Db, id: string): Promise<void> {
  await sent(db).execute({ id })
}

const sent = preparedQuery('outbox_mark_sent', (db) =>
  db
    .update(outbox)
    .set({ sentAt: sql`now()`, message: null, lastError: null, leasedUntil: null })
    .where(eq(outbox.id, sql.placeholder('id'))),
)

export async function retryLater(db: Db, id: string, error: string, delaySeconds: number): Promise<void> {
  await db
    .update(outbox)
    .set({ nextAttemptAt: secondsFromNow(delaySeconds), lastError: error, leasedUntil: null })
    .where(eq(outbox.id, id))
}

/** Given up: nothing will send it, so the message goes too. */
export async function giveUp(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ failedAt: sql`now()`, message: null, lastError: reason, leasedUntil: null })
    .where(eq(outbox.id, id))
}

/** Mails claimed but not tried (the server is stopping), due again at once and uncounted. */
export async function releaseClaims(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, leasedUntil: null })
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
