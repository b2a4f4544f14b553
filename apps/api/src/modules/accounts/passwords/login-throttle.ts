import { TOO_MANY_LOGINS_MESSAGE } from '@shared/accounts'
import type { Db } from '../../../db/client'
import { AppError } from '../../../errors'
import { audit } from '../../audit'
import { MAX_FAILED_LOGINS, recentFailedLogins } from '../sign-in-history'
import { claimPasswordCheck } from './login-budget'

export const tooManyLogins = () => new AppError('TOO_MANY_LOGINS', TOO_MANY_LOGINS_MESSAGE)

/**
 * Runs before a password is checked from a browser the account does not know, the same for
 * known and unknown e-mails. Ten failures of an account from one address refuse that pair, even
 * the right password (decision 0014). Across all addresses and servers the e-mail's budget
 * bounds the checks (decision 0020): false when it is spent, and the password must not be checked.
 */
export async function mayCheckPassword(db: Db, entry: { email: string; address: string }): Promise<boolean> {
  if ((await recentFailedLogins(db, entry.email, entry.address)) >= MAX_FAILED_LOGINS) {
    await audit(db, { ...entry, event: 'login_throttled' })
    throw tooManyLogins()
  }
  if (await claimPasswordCheck(db, entry.email)) return true
  await audit(db, { ...entry, event: 'login_throttled', detail: { budget: 'spent' } })
  return false
}
