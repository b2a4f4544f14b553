import type { AuditEvent } from '@shared/audit'
import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'

// What the audit log tells about an account's sign-ins and mails, for the limits that read it.

/** The window in which failed logins are counted (10 in 15 minutes, decision 0014). */
export const FAILED_LOGIN_WINDOW_MINUTES = 15
export const MAX_FAILED_LOGINS = 10

/**
 * Failed logins for this e-mail from this address in the window, not counting those before its
 * last successful sign-in or password reset (which end a lock-out early).
 */
export async function recentFailedLogins(db: Db, email: string, address: string): Promise<number> {
  const lastSuccess = db
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        inArray(auditLog.event, ['login_succeeded', 'password_reset_completed']),
      ),
    )
  const [row] = await db
    .select({ failures: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        eq(auditLog.address, address),
        eq(auditLog.event, 'login_failed'),
        gt(auditLog.at, sql`now() - make_interval(mins => ${FAILED_LOGIN_WINDOW_MINUTES})`),
        gt(auditLog.at, sql`coalesce((${lastSuccess}), '-infinity')`),
      ),
    )
  return row?.failures ?? 0
}

/** How many reset mails this e-mail was sent in the last `minutes`. */
export async function recentResetRequests(db: Db, email: string, minutes: number): Promise<number> {
  const [row] = await db
    .select({ requests: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.email, email),
        eq(auditLog.event, 'password_reset_requested'),
        gt(auditLog.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return row?.requests ?? 0
}

/** How many times this event was written for the account in the last `minutes`. */
export async function recentEventsOf(
  db: Db,
  userId: string,
  event: AuditEvent,
  minutes: number,
): Promise<number> {
  const [row] = await db
    .select({ events: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        eq(auditLog.event, event),
        gt(auditLog.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
  return row?.events ?? 0
}
