import { setTimeout as sleep } from 'node:timers/promises'
import { TOO_MANY_LOGINS_MESSAGE } from '@shared/accounts'
import type { Db } from '../../../db/client'
import { AppError } from '../../../errors'
import { audit, MAX_FAILED_LOGINS, recentFailedLogins } from '../audit/audit'

const SLOW_DOWN_FIRST_MS = 250
const SLOW_DOWN_MAX_MS = 3_000

/** The wait before an account's password is checked, after `failures` from all addresses. */
export const loginSlowDownMs = (failures: number): number =>
  failures < MAX_FAILED_LOGINS
    ? 0
    : Math.min(SLOW_DOWN_FIRST_MS * 2 ** (failures - MAX_FAILED_LOGINS), SLOW_DOWN_MAX_MS)

/**
 * Runs before the password is checked, the same for known and unknown e-mails (decision 0014).
 * Ten failures of an account from one address refuse that pair, even the right password; failures
 * from all addresses only slow the account down, so strangers cannot lock its owner out.
 */
export async function throttleLogin(db: Db, entry: { email: string; address: string }): Promise<void> {
  const failures = await recentFailedLogins(db, entry.email, entry.address)
  if (failures.fromAddress >= MAX_FAILED_LOGINS) {
    await audit(db, { ...entry, event: 'login_throttled' })
    throw new AppError('TOO_MANY_LOGINS', 429, TOO_MANY_LOGINS_MESSAGE)
  }
  const wait = loginSlowDownMs(failures.total)
  if (wait > 0) await sleep(wait)
}
