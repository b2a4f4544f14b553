import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The per-route request counters of every server on one PostgreSQL (the rate limits), so that a
 * limit counts the requests all servers took. Unlogged (migration 0013): a counter lost in a crash
 * costs nothing, and writing no WAL keeps each count cheap.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
})
