import { SIGN_IN_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { signInLinks, users } from '../../../db/schema'
import { AppError } from '../../../errors'
import { audit } from '../../audit'
import { writeMail } from '../../outbox'
import type { Origin } from '../origin'
import { type AccountRow, provenNow, updateAccount } from '../repository'
import { hashToken, newOpaqueToken } from '../sessions/sessions'

export const SIGN_IN_LINK_MINUTES = 15
/** At most this many sign-in mails per account per window, however many sign-ins are refused. */
const MAX_LINK_MAILS = 3
const LINK_MAIL_WINDOW_MINUTES = 15

const invalidLink = () => new AppError('SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID_MESSAGE)

interface Dependencies {
  db: Db
  publicUrl: string
}

/** The way in for the owner on a new browser once strangers have spent the account's password checks. */
export function createSignInLinks({ db, publicUrl }: Dependencies) {
  return {
    /**
     * Mails a single-use link that signs in, if the e-mail has an account. The caller answers
     * the same either way. The account's row is locked while the recent mails are counted, so
     * refusals that arrive together cannot each send one.
     */
    async send(email: string, origin: Origin): Promise<void> {
      await db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.email, email), isNull(users.deletedAt)))
          .for('no key update')
        if (!account || (await recentLinks(tx, account.id)) >= MAX_LINK_MAILS) return
        const { token, hash } = newOpaqueToken()
        const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000)
        await tx.insert(signInLinks).values({ tokenHash: hash, userId: account.id, expiresAt })
        await writeMail(
          tx,
          'sign_in_link',
          linkMail(account.email, `${publicUrl}/login/device?token=${token}`),
        )
        await audit(tx, {
          event: 'sign_in_link_sent',
          userId: account.id,
          // Whoever typed the e-mail asked for it, not (necessarily) the account.
          actorId: null,
          email: account.email,
          address: origin.address,
        })
      })
    },

    /**
     * Spends the link and answers its account; the account's other links die with it. It was
     * mailed to the account's address, so using it proves that address too.
     */
    async spend(token: string): Promise<AccountRow> {
      const account = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(signInLinks)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(signInLinks.tokenHash, hashToken(token)),
              isNull(signInLinks.usedAt),
              gt(signInLinks.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: signInLinks.userId })
        if (!link) return undefined
        await tx
          .update(signInLinks)
          .set({ usedAt: sql`now()` })
          .where(and(eq(signInLinks.userId, link.userId), isNull(signInLinks.usedAt)))
        return updateAccount(tx, link.userId, { emailVerifiedAt: provenNow })
      })
      if (!account) throw invalidLink()
      return account
    },
  }
}

export type SignInLinks = ReturnType<typeof createSignInLinks>

async function recentLinks(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ links: count() })
    .from(signInLinks)
    .where(
      and(
        eq(signInLinks.userId, userId),
        gt(signInLinks.createdAt, sql`now() - make_interval(mins => ${LINK_MAIL_WINDOW_MINUTES})`),
      ),
    )
  return row?.links ?? 0
}

function linkMail(to: string, link: string) {
  return {
    to,
    subject: 'Your Doctors Portal sign-in link',
    text: [
      'Someone, hopefully you, tried to sign in to your Doctors Portal account from a new device,',
      'while many wrong passwords were being tried on it.',
      '',
      `To sign in on the device where you open it, use this link within ${SIGN_IN_LINK_MINUTES} minutes. It works once:`,
      link,
      '',
      'If this was not you, ignore this message. If your password is easy to guess,',
      'please choose a new one on your account page.',
    ].join('\n'),
  }
}
