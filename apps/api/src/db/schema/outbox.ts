import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { MailAttachment } from '../../lib/mail-content'
import { bookings } from './bookings'

/** A mail written before it is sent: `to`, `subject` and the bodies, as the mailer takes them. */
export interface OutboxMessage {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** The clinic's cancellation notice carries the calendar file that removes the appointment. */
  attachments?: MailAttachment[]
}

/**
 * Every mail the clinic sends, written in the same transaction as the change that causes it and
 * delivered in the background (decision 0017). A booking's mails are written by triggers (migration
 * 0006) and rendered from the booking when sent; other mails carry their rendered `message`,
 * which is erased once sent (a reset link must not outlive its delivery). `id` is the stable
 * Message-ID of every attempt.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'booking_confirmed',
        'booking_cancelled',
        'booking_rescheduled',
        'booking_reminder',
        'payment_receipt',
        'refund_receipt',
        'password_reset',
        'email_verification',
        'sign_in_link',
        'contact_message',
        'contact_confirmation',
        'waitlist_offer',
      ],
    }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    message: jsonb('message').$type<OutboxMessage>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before then: a retry's delay. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a server sends it, renewed as long as that server lives; no other server claims it until then. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gives up (too many attempts, or nothing left to send to). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('outbox_booking_idx').on(t.bookingId),
    check(
      'outbox_has_content',
      sql`${t.bookingId} IS NOT NULL OR ${t.message} IS NOT NULL OR ${t.sentAt} IS NOT NULL OR ${t.failedAt} IS NOT NULL`,
    ),
  ],
)
