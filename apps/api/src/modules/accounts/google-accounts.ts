import { Email, NAME_MAX_LENGTH } from '@shared/accounts'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { audit } from './audit'
import type { GoogleIdentity } from './google'
import type { Origin } from './origin'
import { findAccountByEmail, findAccountByGoogleSubject, insertAccount, updateAccount } from './repository'
import { type SignedIn, toAuthUser } from './service'
import { startSession } from './sessions'

const unverifiedEmail = () =>
  new AppError('GOOGLE_EMAIL_UNVERIFIED', 403, 'Google has not verified this e-mail address.')
const linkedElsewhere = () =>
  new AppError('GOOGLE_LINKED_ELSEWHERE', 409, 'This e-mail is already linked to another Google account.')

/**
 * Signs in the account linked to this Google subject; else links the account with the same
 * verified e-mail; else creates one (without a password: 'forget Password?' can add one).
 */
export async function signInWithGoogle(db: Db, identity: GoogleIdentity, origin: Origin): Promise<SignedIn> {
  const account =
    (await findAccountByGoogleSubject(db, identity.subject)) ?? (await linkOrCreate(db, identity, origin))
  await audit(db, {
    event: 'login_succeeded',
    userId: account.id,
    email: account.email,
    address: origin.address,
    detail: { via: 'google' },
  })
  return {
    user: toAuthUser(account),
    session: await startSession(db, account.id, origin.userAgent, origin.address),
  }
}

async function linkOrCreate(db: Db, identity: GoogleIdentity, origin: Origin) {
  const email = Email.parse(identity.email)
  if (!identity.emailVerified) throw unverifiedEmail()
  const existing = await findAccountByEmail(db, email)
  if (!existing) {
    const name = (identity.name?.trim() || email.split('@')[0] || email).slice(0, NAME_MAX_LENGTH)
    const created = await insertAccount(db, { email, name, googleSubject: identity.subject })
    await audit(db, {
      event: 'account_created',
      userId: created.id,
      email,
      address: origin.address,
      detail: { via: 'google' },
    })
    return created
  }
  if (existing.googleSubject) throw linkedElsewhere()
  return (await updateAccount(db, existing.id, { googleSubject: identity.subject })) ?? existing
}
