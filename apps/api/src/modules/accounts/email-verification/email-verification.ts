import { EMAIL_ALREADY_VERIFIED_MESSAGE, EMAIL_VERIFY_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { emailVerifications, users } from '../../../db/schema'
import { AppError, notFound } from '../../../errors'
import { audit, byAccount } from '../../audit'
import { writeMail } from '../../outbox'
import type { Origin } from '../origin'
import { findAccountById, provenNow } from '../repository'
import { hashToken, newOpaqueToken } from '../sessions/sessions'
import { recentEventsOf } from '../sign-in-history'

export const VERIFY_LINK_HOURS = 48
/** At most this many verification mails per account per window, so an inbox cannot be flooded. */
const MAX_VERIFY_MAILS = 3
const VERIFY_MAIL_WINDOW_MINUTES = 15

const invalidLink = () => new AppError('VERIFY_LINK_INVALID', EMAIL_VERIFY_LINK_INVALID_MESSAGE)
const alreadyVerified = () => new AppError('EMAIL_ALREADY_VERIFIED', EMAIL_ALREADY_VERIFIED_MESSAGE)
const tooManyMails = () =>
  new AppError(
    'RATE_LIMITED',
    `We have already sent you ${MAX_VERIFY_MAILS} links. Please try again in ${VERIFY_MAIL_WINDOW_MINUTES} minutes.`,
  )

interface Dependencies {
  db: Db
  publicUrl: string
}

export type EmailVerifications = ReturnType<typeof createEmailVerifications>

/** Links that prove an account's e-mail address: mailed at sign-up and on request. */
export function createEmailVerifications({ db, publicUrl }: Dependencies) {
  /** Stores a link for the account's address and the mail that carries it, sent from the outbox. */
  async function send(account: { id: string; email: string }, origin: Origin): Promise<void> {
    const { token, hash } = newOpaqueToken()
    const expiresAt = new Date(Date.now() + VERIFY_LINK_HOURS * 3_600_000)
    await db.transaction(async (tx) => {
      await tx
        .insert(emailVerifications)
        .values({ tokenHash: hash, userId: account.id, email: account.email, expiresAt })
      await writeMail(
        tx,
        'email_verification',
        verificationMail(account.email, `${publicUrl}/verify-email?token=${token}`),
      )
    })
    await audit(db, { event: 'email_verification_sent', ...byAccount(account, origin) })
  }

  return {
    send,

    async resend(userId: string, origin: Origin): Promise<void> {
      const account = await findAccountById(db, userId)
      if (!account) throw notFound('This account no longer exists.')
      if (account.emailVerifiedAt) throw alreadyVerified()
      const recent = await recentEventsOf(db, userId, 'email_verification_sent', VERIFY_MAIL_WINDOW_MINUTES)
      if (recent >= MAX_VERIFY_MAILS) throw tooManyMails()
      await send(account, origin)
    },

    /**
     * Spends the link and marks the address proven, only if the account still uses the address
     * the link was sent to. No sign-in needed: the mail may be opened on another device.
     */
    async verify(token: string, origin: Origin): Promise<void> {
      const account = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(emailVerifications)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(emailVerifications.tokenHash, hashToken(token)),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: emailVerifications.userId, email: emailVerifications.email })
        if (!link) return undefined
        const [proven] = await tx
          .update(users)
          .set({ emailVerifiedAt: provenNow, updatedAt: sql`now()` })
          .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
          .returning({ id: users.id, email: users.email })
        if (proven) await spendVerificationLinks(tx, proven.id)
        return proven
      })
      if (!account) throw invalidLink()
      await audit(db, { event: 'email_verified', ...byAccount(account, origin) })
    },
  }
}

/** Voids the account's unused verification links (address proven, or account taken over). */
export async function spendVerificationLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)))
}

function verificationMail(to: string, link: string) {
  return {
    to,
    subject: 'Verify your Doctors Portal e-mail address',
    text: [
      'Welcome to Doctors Portal. Please confirm that this e-mail address is yours.',
      '',
      `Open this link within ${VERIFY_LINK_HOURS} hours. It works once, on any device:`,
      link,
      '',
      'If you did not create an account, ignore this message.',
    ].join('\n'),
  }
}
