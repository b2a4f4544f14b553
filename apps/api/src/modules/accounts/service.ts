import { type AuthUser, LOGIN_FAILED_MESSAGE, type LoginBody, type RegisterBody } from '@shared/accounts'
import type { Db } from '../../db/client'
import { notFound, unauthorized } from '../../errors'
import { audit } from './audit/audit'
import type { EmailVerifications } from './email-verification/email-verification'
import type { Origin } from './origin'
import { assertUncommonPassword } from './passwords/common-passwords'
import { throttleLogin } from './passwords/login-throttle'
import { hashPassword, verifyPassword } from './passwords/passwords'
import { findAccountByEmail, insertAccount, updateAccount } from './repository'
import type { AccessTokens } from './sessions/access-token'
import { endSession, type IssuedSession, rotateSession, startSession } from './sessions/sessions'

export interface SignedIn {
  user: AuthUser
  session: IssuedSession
}

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

export function createAccountService(db: Db, accessTokens: AccessTokens, verifications: EmailVerifications) {
  return {
    /** The account works at once (spec); a link to prove its address is mailed all the same. */
    async register(body: RegisterBody, origin: Origin): Promise<SignedIn> {
      await assertUncommonPassword(body.password)
      const passwordHash = await hashPassword(body.password)
      const account = await insertAccount(db, { email: body.email, name: body.name, passwordHash })
      await audit(db, {
        event: 'account_created',
        userId: account.id,
        email: account.email,
        address: origin.address,
      })
      await verifications.send(account, origin)
      return {
        user: toAuthUser(account),
        session: await startSession(db, account.id, origin.userAgent, origin.address),
      }
    },

    /**
     * The same 401 and the same work (one password hash check) whether the e-mail is unknown or
     * the password wrong; failures are throttled per account and address (login-throttle.ts).
     */
    async login(body: LoginBody, origin: Origin): Promise<SignedIn> {
      const entry = { email: body.email, address: origin.address }
      await throttleLogin(db, entry)
      const account = await findAccountByEmail(db, body.email)
      const valid = await verifyPassword(account?.passwordHash, body.password)
      if (!account || !valid) {
        await audit(db, { ...entry, event: 'login_failed', userId: account?.id, actorId: null })
        throw unauthorized(LOGIN_FAILED_MESSAGE)
      }
      await audit(db, { ...entry, event: 'login_succeeded', userId: account.id })
      return {
        user: toAuthUser(account),
        session: await startSession(db, account.id, origin.userAgent, origin.address),
      }
    },

    /** Spends the refresh token for a new one; null when it is not (or no longer) valid. */
    async refresh(
      refreshToken: string,
      origin: Origin,
    ): Promise<(SignedIn & { token: () => Promise<string> }) | null> {
      const rotation = await rotateSession(db, refreshToken, origin.address)
      if (rotation.status === 'reused') {
        const { user, sessionId } = rotation
        await audit(db, {
          event: 'session_reuse_detected',
          userId: user.id,
          email: user.email,
          address: origin.address,
          detail: { sessionId },
        })
      }
      if (rotation.status !== 'rotated') return null
      const { user, session } = rotation
      return {
        user: toAuthUser(user),
        session,
        token: () => accessTokens.sign({ id: user.id, email: user.email, sessionId: session.sessionId }),
      }
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
