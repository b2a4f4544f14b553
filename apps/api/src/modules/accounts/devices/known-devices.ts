import { and, eq, gte, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { knownDevices } from '../../../db/schema'
import { hashToken, newOpaqueToken } from '../sessions/sessions'

/** A browser stays known this long after its last sign-in to the account. */
export const DEVICE_DAYS = 365
/** Wrong passwords a known browser may send before it is a stranger again (OWASP: device cookies). */
export const MAX_DEVICE_FAILURES = 5

const fresh = sql`${knownDevices.lastUsedAt} > now() - make_interval(days => ${DEVICE_DAYS})`
const ofAccount = (userId: string, token: string) =>
  and(eq(knownDevices.tokenHash, hashToken(token)), eq(knownDevices.userId, userId))

/**
 * Claims a password check as one of the account's known browsers, or answers false. The check
 * counts as a failure until it proves right, so even guesses sent at once with a stolen cookie
 * get MAX_DEVICE_FAILURES checks at most.
 */
export async function claimDeviceCheck(db: Db, userId: string, token: string): Promise<boolean> {
  const claimed = await db
    .update(knownDevices)
    .set({ failures: sql`${knownDevices.failures} + 1` })
    .where(and(ofAccount(userId, token), lt(knownDevices.failures, MAX_DEVICE_FAILURES), fresh))
    .returning({ userId: knownDevices.userId })
  return claimed.length > 0
}

/**
 * After a sign-in, the browser's device token: the one it presented, when the account knows it,
 * or a new one. The owner has just proven who they are, so a browser past its failures is
 * trusted again. The account's stale and distrusted browsers are forgotten meanwhile.
 */
export async function rememberDevice(db: Db, userId: string, presented: string | undefined): Promise<string> {
  if (presented) {
    const [kept] = await db
      .update(knownDevices)
      .set({ failures: 0, lastUsedAt: sql`now()` })
      .where(ofAccount(userId, presented))
      .returning({ userId: knownDevices.userId })
    if (kept) return presented
  }
  const { token, hash } = newOpaqueToken()
  await db.insert(knownDevices).values({ tokenHash: hash, userId })
  await db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        or(gte(knownDevices.failures, MAX_DEVICE_FAILURES), sql`NOT (${fresh})`),
      ),
    )
  return token
}
