import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { sandboxIntents } from '../../../db/schema'

/** The sandbox's own store, as Stripe's servers would keep it: no card number, no CVC. */
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect

const payable = (clientSecret: string) =>
  and(eq(sandboxIntents.clientSecret, clientSecret), eq(sandboxIntents.status, 'requires_payment_method'))

/** The intent stored under this idempotency key: the new one, or the one a first call stored. */
export async function insertOrFindIntent(
  db: Db,
  intent: typeof sandboxIntents.$inferInsert,
): Promise<SandboxIntentRow> {
  const [created] = await db
    .insert(sandboxIntents)
    .values(intent)
    .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
    .returning()
  if (created) return created
  const [stored] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, intent.idempotencyKey))
  if (!stored) throw new Error('sandbox intent vanished after insert')
  return stored
}

export async function findIntentById(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id))
  return row
}

export async function findIntentBySecret(
  db: Db,
  clientSecret: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret))
  return row
}

/** Undefined when no payable intent has this secret (unknown, or paid or canceled meanwhile). */
export async function markSucceeded(
  db: Db,
  clientSecret: string,
  card: { brand: string; last4: string },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxIntents)
    .set({ status: 'succeeded', lastError: null, cardBrand: card.brand, cardLast4: card.last4 })
    .where(payable(clientSecret))
    .returning()
  return row
}

/** Undefined when no intent waiting for a card has this id. */
export async function markCanceled(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxIntents)
    .set({ status: 'canceled' })
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'requires_payment_method')))
    .returning()
  return row
}

/** False when no payable intent has this secret. */
export async function recordRefusal(db: Db, clientSecret: string, message: string): Promise<boolean> {
  const refused = await db
    .update(sandboxIntents)
    .set({ lastError: message })
    .where(payable(clientSecret))
    .returning({ id: sandboxIntents.id })
  return refused.length > 0
}

/**
 * An intent has at most one (full) refund: the first call stores its id and every later one,
 * concurrent or not, reads it back. Undefined when the intent is unknown or was not paid.
 */
export async function refundOnce(db: Db, id: string, newRefundId: string): Promise<string | undefined> {
  const [row] = await db
    .update(sandboxIntents)
    .set({ refundId: sql`coalesce(${sandboxIntents.refundId}, ${newRefundId})` })
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'succeeded')))
    .returning({ refundId: sandboxIntents.refundId })
  return row?.refundId ?? undefined
}
