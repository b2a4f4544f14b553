import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type BackgroundJob, startBackgroundJob } from '../lib/background-job'
import type { DatabaseHandle } from './client'

/** Soon after start (data may have been loaded while the server was stopped), then hourly. */
const FIRST_AFTER_MS = 2_000
const EVERY_MS = 60 * 60 * 1000

/**
 * PGlite runs no autovacuum, so the tables it fills never get planner statistics and the planner
 * guesses their sizes: it sorted all 10,000 accounts for a page of 50 (215 ms) where
 * users_created_idx answers in under a millisecond once ANALYZE has run (about 200 ms for a
 * clinic's database). PostgreSQL's autovacuum gathers them itself.
 */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`ANALYZE`)
}

export function startPlannerStatistics(handle: DatabaseHandle, log: FastifyBaseLogger): BackgroundJob | null {
  if (handle.kind !== 'pglite') return null
  return startBackgroundJob(() => refreshPlannerStatistics(handle), {
    name: 'database: gathering planner statistics',
    firstAfterMs: FIRST_AFTER_MS,
    everyMs: EVERY_MS,
    log,
  })
}
