import type { SessionInfo } from '@shared/me'
import {
  type ChangePasswordBody,
  type DeleteAccountBody,
  ME_MESSAGES as M,
  type MyDataExport,
} from '@shared/me'
import type { Db } from '../../db/client'
import { AppError, forbidden, notFound, unauthorized } from '../../errors'
import { isUuid } from '../../lib/ids'
import {
  type AccountRow,
  assertUncommonPassword,
  type CurrentUser,
  endOtherSessions,
  endSessionOf,
  findAccountById,
  hashPassword,
  liveSessions,
  mayCheckPassword,
  type Origin,
  tooManyLogins,
  updateAccount,
  verifyPassword,
} from '../accounts'
import { audit, byAccount } from '../audit'
import { reviewsOf } from '../reviews'
import { deviceName } from './device'
import {
  closeAccount,
  lockAdmins,
  myAuditEntries,
  myBookings,
  myPayments,
  signedInWithGoogleLately,
} from './repository'

export interface MeDeps {
  db: Db
  now: () => Date
}

/** How recent a Google sign-in must be to stand in for the password of an account without one. */
const FRESH_GOOGLE_SIGN_IN_MINUTES = 10
/** Audit details that describe the event and are safe to hand out (never a session id). */
const EXPORTED_DETAIL_KEYS = ['via', 'role', 'by']

export function meService(deps: MeDeps) {
  const { db } = deps

  async function accountOf(user: CurrentUser): Promise<AccountRow> {
    const account = await findAccountById(db, user.id)
    if (!account) throw unauthorized('Please sign in to continue.')
    return account
  }

  /**
   * The password asked again before a sensitive change counts like a sign-in: a wrong one is a
   * failed login in the audit log, and the same throttle and budget apply, so this cannot be used
   * to guess. Without a check left there is nothing to mail: the owner is signed in already.
   */
  async function confirmPassword(account: AccountRow, password: string, origin: Origin, wrong: string) {
    const entry = { email: account.email, address: origin.address }
    if (!(await mayCheckPassword(db, entry))) throw tooManyLogins()
    if (await verifyPassword(account.passwordHash, password)) return
    await audit(db, { event: 'login_failed', ...byAccount(account, origin), detail: { via: 'account_page' } })
    throw new AppError('WRONG_PASSWORD', wrong)
  }

  return {
    async sessions(user: CurrentUser): Promise<SessionInfo[]> {
      return (await liveSessions(db, user.id)).map((session) => ({
        id: session.id,
        device: deviceName(session.userAgent),
        address: session.address,
        lastSeenAt: session.lastSeenAt.toISOString(),
        createdAt: session.createdAt.toISOString(),
        current: session.id === user.sessionId,
      }))
    },

    /** Another's session or an unknown one: the same 404, so ids of others cannot be probed. */
    async endSession(user: CurrentUser, sessionId: string, origin: Origin): Promise<void> {
      if (!isUuid(sessionId) || !(await endSessionOf(db, user.id, sessionId))) {
        throw notFound(M.sessionNotFound)
      }
      await audit(db, { event: 'sessions_ended', ...byAccount(user, origin), detail: { sessions: 1 } })
    },

    async endOtherSessions(user: CurrentUser, origin: Origin): Promise<number> {
      const ended = await endOtherSessions(db, user.id, user.sessionId)
      if (ended > 0) {
        await audit(db, { event: 'sessions_ended', ...byAccount(user, origin), detail: { sessions: ended } })
      }
      return ended
    },

    /** Keeps this session and ends the others: whoever else held one needed the old password. */
    async changePassword(user: CurrentUser, body: ChangePasswordBody, origin: Origin): Promise<void> {
      const account = await accountOf(user)
      if (!account.passwordHash) throw new AppError('NO_PASSWORD', M.noPassword)
      await confirmPassword(account, body.currentPassword, origin, M.wrongCurrentPassword)
      await assertUncommonPassword(body.newPassword)
      const passwordHash = await hashPassword(body.newPassword)
      await db.transaction(async (tx) => {
        await updateAccount(tx, account.id, { passwordHash })
        await endOtherSessions(tx, account.id, user.sessionId)
        await audit(tx, { event: 'password_changed', ...byAccount(account, origin) })
      })
    },

    async exportData(user: CurrentUser): Promise<MyDataExport> {
      const account = await accountOf(user)
      const [bookings, entries, payments, reviews] = await Promise.all([
        myBookings(db, user.id),
        myAuditEntries(db, user.id),
        myPayments(db, user.id),
        reviewsOf(db, user.id),
      ])
      return {
        exportedAt: deps.now().toISOString(),
        profile: {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.role,
          emailVerified: account.emailVerifiedAt !== null,
          hasPassword: account.passwordHash !== null,
          hasGoogle: account.googleSubject !== null,
          createdAt: account.createdAt.toISOString(),
        },
        bookings: bookings.map((booking) => ({
          ...booking,
          createdAt: booking.createdAt.toISOString(),
          cancelledAt: booking.cancelledAt?.toISOString() ?? null,
        })),
        auditEntries: entries.map((entry) => ({
          event: entry.event,
          at: entry.at.toISOString(),
          address: entry.address,
          detail: exportedDetail(entry.detail),
        })),
        payments: payments.map(
          ({ amountMinor, cardBrand, cardLast4, createdAt, refundedAt, ...payment }) => ({
            ...payment,
            amount: amountMinor / 100,
            card: cardLast4 ? `${cardBrand ?? 'card'} ${cardLast4}` : null,
            paidAt: createdAt.toISOString(),
            refundedAt: refundedAt?.toISOString() ?? null,
          }),
        ),
        reviews: reviews.map(({ body, createdAt, ...review }) => ({
          ...review,
          text: body,
          createdAt: createdAt.toISOString(),
        })),
      }
    },

    /**
     * The password (or a fresh Google sign-in in this very session) proves it
     * is the owner. One transaction frees the upcoming slots, erases the person and ends every
     * session; the cache of free slots learns of it after the commit (decision 0006).
     */
    async deleteAccount(user: CurrentUser, body: DeleteAccountBody, origin: Origin): Promise<void> {
      const account = await accountOf(user)
      if (account.passwordHash) {
        if (!body.password) throw forbidden(M.deleteNeedsPassword)
        await confirmPassword(account, body.password, origin, M.wrongPassword)
      } else if (
        !(await signedInWithGoogleLately(db, user.id, user.sessionId, FRESH_GOOGLE_SIGN_IN_MINUTES))
      ) {
        throw forbidden(M.deleteNeedsGoogle)
      }
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx)
        if (admins.length === 1 && admins[0] === user.id) throw new AppError('LAST_ADMIN', M.lastAdmin)
        const cancelled = await closeAccount(tx, account, deps.now())
        await audit(tx, {
          event: 'account_deleted',
          userId: user.id,
          address: origin.address,
          detail: { cancelledBookings: cancelled },
        })
      })
    },
  }
}

function exportedDetail(detail: Record<string, unknown> | null): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const key of EXPORTED_DETAIL_KEYS) {
    const value = detail?.[key]
    if (typeof value === 'string') kept[key] = value
  }
  return kept
}
