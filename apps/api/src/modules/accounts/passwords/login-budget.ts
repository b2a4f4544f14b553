import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { loginBudgets } from '../../../db/schema'
import { MAX_FAILED_LOGINS } from '../sign-in-history'

/** A burst of this many checks, as many as the failures that used to lock an account (decision 0014). */
export const CHECK_BURST = MAX_FAILED_LOGINS
/** Then one check per this many seconds: at most 2 a minute (decision 0020). */
export const CHECK_REFILL_SECONDS = 30

const available = sql`least(
  ${CHECK_BURST}::float8,
  ${loginBudgets.checks} + extract(epoch from now() - ${loginBudgets.refilledAt})::float8 / ${CHECK_REFILL_SECONDS}::float8
)`

/**
 * Takes one password check from the e-mail's budget, or answers false when it is spent. One
 * statement claims it (a row lock on PostgreSQL, one connection on PGlite), so guesses sent at
 * once, from any number of addresses and servers, cannot all read "one left" and all go ahead.
 */
export async function claimPasswordCheck(db: Db, email: string): Promise<boolean> {
  const claimed = await db
    .insert(loginBudgets)
    .values({ email, checks: CHECK_BURST - 1 })
    .onConflictDoUpdate({
      target: loginBudgets.email,
      set: { checks: sql`${available} - 1`, refilledAt: sql`now()` },
      setWhere: sql`${available} >= 1`,
    })
    .returning({ email: loginBudgets.email })
  return claimed.length > 0
}

/** A password reset makes the guesses at the old password moot: the budget starts full again. */
export async function refillPasswordChecks(db: Db, email: string): Promise<void> {
  await db.delete(loginBudgets).where(eq(loginBudgets.email, email))
}
