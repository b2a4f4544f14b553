import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bookings } from './bookings'
import { outbox } from './outbox'

/**
 * The reminder mails written for a booking, one row per booking and offset: the
 * primary key is what makes each reminder go out once, whichever server's job writes it and
 * however often. The row goes with its outbox mail, which the retention job removes 30 days after
 * it was sent, long after the appointment (REMINDER_HOURS is at most a week).
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    hoursBefore: integer('hours_before').notNull(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.hoursBefore] }),
    // The retention job's removal of old mail cascades here by this column.
    index('booking_reminders_outbox_idx').on(t.outboxId),
    check('booking_reminders_hours_positive', sql`${t.hoursBefore} > 0`),
  ],
)
