import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { passwordResets } from '../../../db/schema'
import { AppError } from '../../../errors'
import { audit, byAccount } from '../../audit'
import { writeMail } from '../../outbox'
import type { Origin } from '../origin'
import { findAccountByEmail, provenNow, updateAccount } from '../repository'
import { endAllSessions, hashToken, newOpaqueToken } from '../sessions/sessions'
import { recentResetRequests } from '../sign-in-history'
import { assertUncommonPassword } from './common-passwords'
import { refillPasswordChecks } from './login-budget'
import { hashPassword } from './passwords'

export const RESET_LINK_MINUTES = 30
/** At most this many reset mails per account per window, so the form cannot be used to flood an inbox. */
const MAX_RESET_MAILS = 3
const RESET_MAIL_WINDOW_MINUTES = 15

export const invalidResetLink = () =>
  new AppError('RESET_LINK_INVALID', 'This reset link is invalid or has expired. Please ask for a new one.')

interface Dependencies {
  db: Db
  publicUrl: string
}

export function createPasswordResets({ db, publicUrl }: Dependencies) {
  return {
    /**
     * Mails a single-use link to the account, if there is one. The caller answers the same
     * either way, and the mail goes out later, from the outbox, so its delay tells nothing either.
     */
    async request(email: string, origin: Origin): Promise<void> {
      const recent = await recentResetRequests(db, email, RESET_MAIL_WINDOW_MINUTES)
      const account = await findAccountByEmail(db, email)
      await audit(db, {
        event: 'password_reset_requested',
        userId: account?.id,
        actorId: null,
        email,
        address: origin.address,
      })
      if (!account || recent >= MAX_RESET_MAILS) return
      const { token, hash } = newOpaqueToken()
      const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000)
      const link = `${publicUrl}/reset-password?token=${token}`
      await db.transaction(async (tx) => {
        await tx.insert(passwordResets).values({ tokenHash: hash, userId: account.id, expiresAt })
        await writeMail(tx, 'password_reset', resetMail(account.email, link))
      })
    },

    /**
     * Spends the link, sets the new password and signs the account out everywhere. The link was
     * mailed to the account's address, so using it proves that address too.
     */
    async confirm(token: string, password: string, origin: Origin): Promise<void> {
      await assertUncommonPassword(password)
      const passwordHash = await hashPassword(password)
      const account = await db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId })
        if (!reset) return undefined
        // The account's other reset links die with this one.
        await spendResetLinks(tx, reset.userId)
        await endAllSessions(tx, reset.userId)
        return updateAccount(tx, reset.userId, { passwordHash, emailVerifiedAt: provenNow })
      })
      if (!account) throw invalidResetLink()
      await refillPasswordChecks(db, account.email)
      await audit(db, { event: 'password_reset_completed', ...byAccount(account, origin) })
    },
  }
}

/** Voids the account's unused reset links (one was used, or the account was taken over). */
export async function spendResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
}

function resetMail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Doctors Portal password',
    text: [
      'Someone, hopefully you, asked to reset the password of your Doctors Portal account.',
      '',
      `To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes. It works once:`,
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  }
}
