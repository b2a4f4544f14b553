import { and, eq, type Placeholder, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { preparedQuery } from '../../../db/prepared-query'
import { sandboxIntents } from '../../../db/schema'

/** The sandbox's own store, as Stripe's servers would keep it: no card number, no CVC. */
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect

const payable = (clientSecret: string | Placeholder) =>
  and(eq(sandboxIntents.clientSecret, clientSecret), eq(sandboxIntents.status, 'requires_payment_method'))

/** What a new intent is made of: its id, secret and key are new, the rest the caller's. */
export type NewSandboxIntent = Pick<
  SandboxIntentRow,
  'id' | 'clientSecret' | 'idempotencyKey' | 'amountMinor' | 'currency'
> & { bookingId: string }

/** The intent stored under this idempotency key: the new one, or the one a first call stored. */
export async function insertOrFindIntent(db: Db, intent: NewSandboxIntent): Promise<SandboxIntentRow> {
  const [created] = await insertIntent(db).execute(intent)
  if (created) return created
  const [stored] = await intentByIdempotencyKey(db).execute(intent)
  if (!stored) throw new Error('sandbox intent vanished after insert')
  return stored
}

const insertIntent = preparedQuery('sandbox_insert_intent', (db) =>
  db
    .insert(sandboxIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      amountMinor: sql.placeholder('amountMinor'),
      currency: sql.placeholder('currency'),
      metadata: sql`jsonb_build_object('bookingId', ${sql.placeholder('bookingId')}::text)`,
    })
    .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
    .returning(),
)

const intentByIdempotencyKey = preparedQuery('sandbox_intent_by_idempotency_key', (db) =>
  db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, sql.placeholder('idempotencyKey'))),
)

const intentById = preparedQuery('sandbox_intent_by_id', (db) =>
  db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.id, sql.placeholder('id'))),
)

export async function findIntentById(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await intentById(db).execute({ id })
  return row
}

const intentBySecret = preparedQuery('sandbox_intent_by_secret', (db) =>
  db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.clientSecret, sql.placeholder('clientSecret'))),
)

export async function findIntentBySecret(
  db: Db,
  clientSecret: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await intentBySecret(db).execute({ clientSecret })
  return row
}

const succeeded = preparedQuery('sandbox_mark_succeeded', (db) =>
  db
    .update(sandboxIntents)
    .set({
      status: 'succeeded',
      lastError: null,
      // `set` takes no bare placeholder; within SQL it is one.
      cardBrand: sql`${sql.placeholder('brand')}`,
      cardLast4: sql`${sql.placeholder('last4')}`,
    })
    .where(payable(sql.placeholder('clientSecret')))
    .returning(),
)

/** Undefined when no payable intent has this secret (unknown, or paid or canceled meanwhile). */
export async function markSucceeded(
  db: Db,
  clientSecret: string,
  card: { brand: string; last4: string },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await succeeded(db).execute({ clientSecret, ...card })
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
