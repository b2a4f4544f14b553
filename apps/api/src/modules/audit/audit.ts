import type { AuditEvent } from '@shared/audit'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'

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

/** The fields of an event an account did itself, from the address it came from. */
export const byAccount = (account: { id: string; email: string }, from: { address: string }) => ({
  userId: account.id,
  email: account.email,
  address: from.address,
})
