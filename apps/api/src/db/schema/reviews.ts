import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { bookings } from './bookings'

/**
 * A patient's rating and words about one attended appointment (decision 0032): one per booking,
 * by the unique key; shown on /reviews only once an admin approved it.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique('reviews_one_per_booking')
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'hidden'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The admin who approved or hid it; an erased account leaves the date without a name. */
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 1000`),
    check('reviews_status_known', sql`${t.status} IN ('pending', 'approved', 'hidden')`),
  ],
)
