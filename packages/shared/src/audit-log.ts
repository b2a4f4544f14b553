import { z } from 'zod'
import { AUDIT_EVENTS } from './audit'

/**
 * `GET /api/audit` (admin): newest first, a page at a time. `actor` is an account's e-mail or id
 * (entries that account did); `action` an event of the shared list; `cursor` the `nextCursor` of
 * the page before.
 */
export const AuditLogQuery = z.object({
  actor: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'This e-mail address is too long.')
    // The characters of our e-mail addresses and ids only: a control character, or text the URL
    // could not decode ('%ED%A0%80' for half a character), names no one and is refused.
    .refine((value) => /^[a-z0-9._'+@-]*$/.test(value), 'Please enter an e-mail address or an account id.')
    .optional(),
  action: z.enum(AUDIT_EVENTS, { error: 'Please choose an action from the list.' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'This page of the audit log no longer exists. Please start again.')
    .optional(),
})
export type AuditLogQuery = z.infer<typeof AuditLogQuery>

export const AuditLogEntry = z.object({
  id: z.string(),
  at: z.string(),
  event: z.string(),
  /** Who did it; null for the system (a payment processor's webhook, the server itself). */
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The e-mail the entry is about, if any. */
  subject: z.string().nullable(),
  /** The display name of the account the entry is about, while that account exists. */
  subjectName: z.string().nullable(),
  address: z.string().nullable(),
  /**
   * The allow-listed facts of the entry as the server recorded them (JSON: text, numbers, lists,
   * nested allow-listed objects such as a treatment's `from` and `to`).
   */
  detail: z.record(z.string(), z.unknown()),
  /** The appointment the entry's `bookingId` names, while it exists, as it was booked. */
  booking: z.object({ treatment: z.string(), date: z.string(), slot: z.string() }).nullable(),
})
export type AuditLogEntry = z.infer<typeof AuditLogEntry>

export const AuditLogReply = z.object({
  entries: z.array(AuditLogEntry),
  /** The clinic's time zone: entries are read in clinic time. */
  timeZone: z.string(),
  /** The next, older page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type AuditLogReply = z.infer<typeof AuditLogReply>
