import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { treatments } from './clinic'

/**
 * An image our own image host re-encoded and stored (decision 0019). The file lives in the storage
 * provider under `name`; the row says it is ours. One that no doctor uses after a day is removed.
 */
export const images = pgTable(
  'images',
  {
    /** Random, with the extension of the stored format: the only name the file is served under. */
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('images_name_safe', sql`${t.name} ~ '^[a-z0-9]{16,64}\\.[a-z]{3,4}$'`)],
)

/** A doctor of the clinic (spec section 3): the specialty is one of the clinic's treatments. */
export const doctors = pgTable(
  'doctors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased: unique among doctors whatever the case it was typed in. */
    email: text('email').notNull(),
    specialtyId: uuid('specialty_id')
      .notNull()
      .references(() => treatments.id),
    imageName: text('image_name')
      .notNull()
      .references(() => images.name),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doctors_email_unique').on(t.email),
    check('doctors_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
)
