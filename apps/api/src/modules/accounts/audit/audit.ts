import type { AuditEvent } from '@shared/audit'
import { and, count, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { auditLog } from '../../../db/schema'

/** One list with the audit page's filter (packages/shared/src/audit.ts). */
export type { AuditEvent }

/** Who did it and from where. Never a password, a token or a hash. */
export interface AuditEntry {
  event: AuditEvent
  /** The account the event is about. */
  userId?: string | null
  /**
   * Who did it, when not the account itself (an admin); defaults to `userId`. `null` when nobody
   * signed in did it (a stranger's failed sign-in or reset request): the account is then only
   * the subject, so 'entries this account did' never lists what a stranger tried.
   */
  actorId?: string | null
  email?: string | null
  address?: string | null
  detail?: Record<string, unknown>
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    event: entry.event,
    userId: entry.userId ?? null,
    actorId: entry.actorId === undefined ? (entry.userId ?? null) : entry.actorId,
    email: entry.email ?? null,
    address: entry.address ?? null,
    detail: entry.detail ?? null,
  })
}

/** The window in which failed logins are counted (issue 4: 10 in 15 minutes). */
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
