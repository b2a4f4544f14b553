import { Email, NAME_MAX_LENGTH } from '@shared/accounts'
import type { Db } from '../../../db/client'
import { AppError } from '../../../errors'
import { audit, byAccount } from '../../audit'
import { spendVerificationLinks } from '../email-verification/email-verification'
import type { Origin } from '../origin'
import { spendResetLinks } from '../passwords/password-reset'
import {
  type AccountRow,
  findAccountByEmail,
  findAccountByGoogleSubject,
  insertAccount,
  provenNow,
  updateAccount,
} from '../repository'
import { type SignedIn, toAuthUser } from '../service'
import { endAllSessions, startSession } from '../sessions/sessions'
import type { GoogleIdentity } from './google'

const unverifiedEmail = () =>
  new AppError('GOOGLE_EMAIL_UNVERIFIED', 'Google has not verified this e-mail address.')
const linkedElsewhere = () =>
  new AppError('GOOGLE_LINKED_ELSEWHERE', 'This e-mail is already linked to another Google account.')

/**
 * Signs in the account linked to this Google subject; else links the account with the same
 * verified e-mail; else creates one (without a password: 'forget Password?' can add one).
 */
export async function signInWithGoogle(db: Db, identity: GoogleIdentity, origin: Origin): Promise<SignedIn> {
  const linked = await findAccountByGoogleSubject(db, identity.subject)
  const account = linked ? await markProven(db, linked, identity) : await linkOrCreate(db, identity, origin)
  const session = await startSession(db, account.id, origin.userAgent, origin.address)
  await audit(db, {
    event: 'login_succeeded',
    ...byAccount(account, origin),
    detail: { via: 'google', sessionId: session.sessionId },
  })
  return { user: toAuthUser(account), session }
}

/** Google vouches for the address it names: the account's, if they are still the same. */
async function markProven(db: Db, account: AccountRow, identity: GoogleIdentity): Promise<AccountRow> {
  const same = identity.emailVerified && Email.safeParse(identity.email).data === account.email
  if (!same || account.emailVerifiedAt) return account
  return (await updateAccount(db, account.id, { emailVerifiedAt: provenNow })) ?? account
}

async function linkOrCreate(db: Db, identity: GoogleIdentity, origin: Origin): Promise<AccountRow> {
  const email = Email.parse(identity.email)
  if (!identity.emailVerified) throw unverifiedEmail()
  const existing = await findAccountByEmail(db, email)
  if (!existing) {
    const name = (identity.name?.trim() || email.split('@')[0] || email).slice(0, NAME_MAX_LENGTH)
    const created = await insertAccount(db, {
      email,
      name,
      googleSubject: identity.subject,
      emailVerifiedAt: new Date(),
    })
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
  if (!existing.emailVerifiedAt) return takeOver(db, existing, identity, origin)
  return (await updateAccount(db, existing.id, { googleSubject: identity.subject })) ?? existing
}

/**
 * Anyone can register an address that is not theirs. When its owner, proven by Google, arrives,
 * whoever registered it loses everything they held: password, sessions (and with them their
 * access tokens), reset and verification links (decision 0013).
 */
function takeOver(
  db: Db,
  account: AccountRow,
  identity: GoogleIdentity,
  origin: Origin,
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const taken = await updateAccount(tx, account.id, {
      googleSubject: identity.subject,
      passwordHash: null,
      emailVerifiedAt: provenNow,
    })
    if (!taken) throw new Error('account vanished while being taken over')
    await endAllSessions(tx, account.id)
    await spendResetLinks(tx, account.id)
    await spendVerificationLinks(tx, account.id)
    await audit(tx, { event: 'account_taken_over', ...byAccount(account, origin), detail: { via: 'google' } })
    return taken
  })
}
