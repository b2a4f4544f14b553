import {
  type AuthUser,
  LOGIN_FAILED_MESSAGE,
  type LoginBody,
  type RegisterBody,
  SIGN_IN_LINK_SENT_MESSAGE,
} from '@shared/accounts'
import type { Db } from '../../db/client'
import { AppError, notFound, unauthorized } from '../../errors'
import { audit, byAccount } from '../audit'
import { claimDeviceCheck, rememberDevice } from './devices/known-devices'
import type { SignInLinks } from './devices/sign-in-links'
import type { EmailVerifications } from './email-verification/email-verification'
import type { Origin } from './origin'
import { assertUncommonPassword } from './passwords/common-passwords'
import { mayCheckPassword } from './passwords/login-throttle'
import { hashPassword, verifyPassword } from './passwords/passwords'
import { findAccountByEmail, insertAccount, updateAccount } from './repository'
import type { AccessTokens } from './sessions/access-token'
import { endSession, type IssuedSession, rotateSession, startSession } from './sessions/sessions'

export interface SignedIn {
  user: AuthUser
  session: IssuedSession
}

/** A session the browser also gets a bearer token for in the same answer (decision 0053). */
export interface SignedInWithToken extends SignedIn {
  token: () => Promise<string>
}

/** A sign-in from a browser, which is known to the account from then on (decision 0020). */
export interface SignedInDevice extends SignedInWithToken {
  deviceToken: string
}

const signInLinkSent = () => new AppError('SIGN_IN_LINK_SENT', SIGN_IN_LINK_SENT_MESSAGE)

export const toAuthUser = (account: {
  id: string
  name: string
  email: string
  emailVerifiedAt: Date | null
}): AuthUser => ({
  uid: account.id,
  displayName: account.name,
  email: account.email,
  emailVerified: account.emailVerifiedAt !== null,
})

interface Dependencies {
  db: Db
  accessTokens: AccessTokens
  verifications: EmailVerifications
  links: SignInLinks
}

export function createAccountService({ db, accessTokens, verifications, links }: Dependencies) {
  return {
    /** The account works at once (spec); a link to prove its address is mailed all the same. */
    async register(body: RegisterBody, origin: Origin): Promise<SignedInDevice> {
      await assertUncommonPassword(body.password)
      const passwordHash = await hashPassword(body.password)
      const account = await insertAccount(db, { email: body.email, name: body.name, passwordHash })
      await audit(db, { event: 'account_created', ...byAccount(account, origin) })
      await verifications.send(account, origin)
      return signedIn({ db, accessTokens }, account, origin, undefined)
    },

    /**
     * The same answers and the same work (one password hash check) whether the e-mail is unknown
     * or the password wrong. A browser the account knows has its own count of failures; any
     * other is throttled per account and address and bounded per e-mail (login-throttle.ts).
     * When that bound refuses, the owner finishes by mail (decision 0020).
     */
    async login(body: LoginBody, origin: Origin, deviceToken: string | undefined): Promise<SignedInDevice> {
      const entry = { email: body.email, address: origin.address }
      const account = await findAccountByEmail(db, body.email)
      const known = account && deviceToken ? await claimDeviceCheck(db, account.id, deviceToken) : false
      if (!known && !(await mayCheckPassword(db, entry))) {
        await links.send(body.email, origin)
        throw signInLinkSent()
      }
      const valid = await verifyPassword(account?.passwordHash, body.password)
      if (!account || !valid) {
        await audit(db, { ...entry, event: 'login_failed', userId: account?.id, actorId: null })
        throw unauthorized(LOGIN_FAILED_MESSAGE)
      }
      await audit(db, { ...entry, event: 'login_succeeded', userId: account.id })
      return signedIn({ db, accessTokens }, account, origin, deviceToken)
    },

    /** The mailed link, on whichever browser opens it: it signs in and that browser is known from then on. */
    async loginWithLink(
      token: string,
      origin: Origin,
      deviceToken: string | undefined,
    ): Promise<SignedInDevice> {
      const account = await links.spend(token)
      await audit(db, {
        event: 'login_succeeded',
        ...byAccount(account, origin),
        detail: { via: 'sign_in_link' },
      })
      return signedIn({ db, accessTokens }, account, origin, deviceToken)
    },

    /** Spends the refresh token for a new one; null when it is not (or no longer) valid. */
    async refresh(refreshToken: string, origin: Origin): Promise<SignedInWithToken | null> {
      const rotation = await rotateSession(db, refreshToken, origin.address)
      if (rotation.status === 'reused') {
        const { user, sessionId } = rotation
        await audit(db, {
          event: 'session_reuse_detected',
          ...byAccount(user, origin),
          detail: { sessionId },
        })
      }
      if (rotation.status !== 'rotated') return null
      const { user, session } = rotation
      return { user: toAuthUser(user), session, token: tokenFor(accessTokens, user, session) }
    },

    async logout(refreshToken: string, origin: Origin): Promise<void> {
      const ended = await endSession(db, refreshToken)
      if (ended) await audit(db, { event: 'logout', ...ended, address: origin.address })
    },

    async updateProfile(userId: string, displayName: string): Promise<AuthUser> {
      const account = await updateAccount(db, userId, { name: displayName })
      if (!account) throw notFound('This account no longer exists.')
      return toAuthUser(account)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>

const tokenFor =
  (accessTokens: AccessTokens, account: { id: string; email: string }, session: IssuedSession) => () =>
    accessTokens.sign({ id: account.id, email: account.email, sessionId: session.sessionId })

async function signedIn(
  { db, accessTokens }: Pick<Dependencies, 'db' | 'accessTokens'>,
  account: Parameters<typeof toAuthUser>[0],
  origin: Origin,
  deviceToken: string | undefined,
): Promise<SignedInDevice> {
  const session = await startSession(db, account.id, origin.userAgent, origin.address)
  return {
    user: toAuthUser(account),
    session,
    token: tokenFor(accessTokens, account, session),
    deviceToken: await rememberDevice(db, account.id, deviceToken),
  }
}
