import { setImmediate as nextTurn } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type BackgroundJob, startBackgroundJob } from '../lib/background-job'
import { type DatabaseHandle, queryRows } from './client'

/** Soon after start (data may have been loaded while the server was stopped), then hourly. */
const FIRST_AFTER_MS = 2_000
const EVERY_MS = 60 * 60 * 1000

/**
 * PGlite runs no autovacuum, so the tables it fills never get planner statistics and the planner
 * guesses their sizes: it sorted all 10,000 accounts for a page of 50 (215 ms) where
 * users_created_idx answers in under a millisecond once ANALYZE has run. PostgreSQL's autovacuum
 * gathers them itself.
 *
 * PGlite runs in the server's own thread, so an ANALYZE holds up every request while it runs: a
 * whole-database ANALYZE took 650–1,300 ms on the 100,000 bookings of `npm run bench -- --scale
 * 100`. So, like autovacuum, only the tables that changed are analyzed, one at a time with the
 * requests that waited served in between. PGlite keeps no activity counts across a restart
 * (`pg_stat_user_tables` starts empty), so "changed" is read from what the catalog keeps: a table
 * never analyzed, or one grown by a tenth since (new rows and, with no vacuum, updated ones too).
 */
export async function refreshPlannerStatistics(handle: DatabaseHandle): Promise<string[]> {
  const due = await tablesDueForStatistics(handle)
  for (const table of due) {
    await handle.db.execute(sql`ANALYZE ${sql.identifier(table)}`)
    await nextTurn()
  }
  return due
}

async function tablesDueForStatistics(handle: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ table: string }>(
    handle.db,
    sql`SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND (c.reltuples < 0
        OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8)
      ORDER BY c.relname`,
  )
  return rows.map((row) => row.table)
}

export function startPlannerStatistics(handle: DatabaseHandle, log: FastifyBaseLogger): BackgroundJob | null {
  if (handle.kind !== 'pglite') return null
  return startBackgroundJob(
    async () => {
      const startedAt = performance.now()
      const tables = await refreshPlannerStatistics(handle)
      const ms = Math.round(performance.now() - startedAt)
      if (tables.length) log.info({ tables, ms }, 'database: planner statistics gathered')
    },
    {
      name: 'database: gathering planner statistics',
      firstAfterMs: FIRST_AFTER_MS,
      everyMs: EVERY_MS,
      log,
    },
  )
}
