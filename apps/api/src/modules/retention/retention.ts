import { and, isNotNull, lt, or } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import {
  auditLog,
  emailVerifications,
  knownDevices,
  loginBudgets,
  outbox,
  passwordResets,
  sessions,
  signInLinks,
} from '../../db/schema'
import { type BackgroundJob, startBackgroundJob } from '../../lib/background-job'
import { DEVICE_DAYS } from '../accounts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A sent or given-up mail stays this long, for the front desk's questions ('did it go out?'). */
export const SENT_MAIL_DAYS = 30
/** A budget of password checks untouched this long is full again: its row says nothing. */
const BUDGET_DAYS = 1

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

/**
 * Removes what no longer serves anyone, as of `now`: sessions expired, or revoked a day ago (with
 * their refresh tokens), links a day after they expired, sent mail after 30 days, audit entries
 * older than `auditDays`, and stale device and guessing-budget rows. Answers how many of each.
 */
export async function removeExpired(db: Db, now: Date, auditDays: number) {
  // A day after it expired, used or not: the limits on mails count the links of the last minutes.
  const spentOrExpired = <T extends typeof passwordResets | typeof emailVerifications | typeof signInLinks>(
    table: T,
  ) => lt(table.expiresAt, daysBefore(now, 1))
  const count = async (rows: Promise<unknown[]>) => (await rows).length
  return {
    sessions: await count(
      db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, daysBefore(now, 1))))
        .returning({ id: sessions.id }),
    ),
    passwordResets: await count(
      db
        .delete(passwordResets)
        .where(spentOrExpired(passwordResets))
        .returning({ id: passwordResets.userId }),
    ),
    emailVerifications: await count(
      db
        .delete(emailVerifications)
        .where(spentOrExpired(emailVerifications))
        .returning({ id: emailVerifications.userId }),
    ),
    signInLinks: await count(
      db.delete(signInLinks).where(spentOrExpired(signInLinks)).returning({ id: signInLinks.userId }),
    ),
    sentMail: await count(
      db
        .delete(outbox)
        .where(
          or(
            and(isNotNull(outbox.sentAt), lt(outbox.sentAt, daysBefore(now, SENT_MAIL_DAYS))),
            and(isNotNull(outbox.failedAt), lt(outbox.failedAt, daysBefore(now, SENT_MAIL_DAYS))),
          ),
        )
        .returning({ id: outbox.id }),
    ),
    auditEntries: await count(
      db
        .delete(auditLog)
        .where(lt(auditLog.at, daysBefore(now, auditDays)))
        .returning({ id: auditLog.id }),
    ),
    knownDevices: await count(
      db
        .delete(knownDevices)
        .where(lt(knownDevices.lastUsedAt, daysBefore(now, DEVICE_DAYS)))
        .returning({ id: knownDevices.userId }),
    ),
    loginBudgets: await count(
      db
        .delete(loginBudgets)
        .where(lt(loginBudgets.refilledAt, daysBefore(now, BUDGET_DAYS)))
        .returning({ email: loginBudgets.email }),
    ),
  }
}

/** Once a day, the first ten minutes after start (a crash loop does not run it at every start). */
export function startRetentionJob(deps: {
  db: Db
  now: () => Date
  auditDays: number
  log: FastifyBaseLogger
}): BackgroundJob {
  return startBackgroundJob(
    async () => {
      const removed = await removeExpired(deps.db, deps.now(), deps.auditDays)
      deps.log.info({ removed }, 'retention: expired rows removed')
    },
    { name: 'retention', firstAfterMs: 10 * 60_000, everyMs: DAY_MS, log: deps.log },
  )
}
