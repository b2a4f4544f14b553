import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * What visitors wrote through the contact form (decision 0029), kept for the admins' inbox on
 * /dashboard/messages as well as mailed to CLINIC_EMAIL.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The visitor's address as the form normalises it (trimmed, lower-cased): the reply goes there. */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The admin who marked it handled; an erased account leaves the date without a name. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_received_idx').on(t.receivedAt),
    index('contact_messages_email_idx').on(t.email, t.receivedAt),
    check('contact_messages_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
)
