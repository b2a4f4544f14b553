import { sql } from 'drizzle-orm'
import { check, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** PGlite answers bytea as a Uint8Array, node-postgres as a Buffer: both come out a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * Uploaded files kept in PostgreSQL, which every server shares and which is backed up with the
 * rest (decision 0023). No foreign key to `images`: the file is written before its row and
 * removed after it, the same order as on disk, so either storage can serve the images module.
 * The content type is the images row's, as it is for a file on disk.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: text('name').primaryKey(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stored_files_name_safe', sql`${t.name} ~ '^[a-z0-9]{16,64}\\.[a-z]{3,4}$'`)],
)
