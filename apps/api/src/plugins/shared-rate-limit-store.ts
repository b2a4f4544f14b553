import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../db/client'
import { type BackgroundJob, startBackgroundJob } from '../lib/background-job'
import { batchWhileBusy } from '../lib/batch-while-busy'

type Done = (error: Error | null, counted?: Counted) => void

interface Hit {
  key: string
  windowMs: number
}

interface Counted {
  current: number
  ttl: number
}

/**
 * Counts the requests of each key in its window of `windowMs`, atomically, and answers each hit
 * with its place in the window's count, in the order given. A key hit several times is counted
 * by one row (one statement may not update a row twice). Rows are written in the order of their
 * keys, so that two servers counting the same keys lock them in the same order.
 */
async function countHits(db: Db, hits: Hit[]): Promise<Counted[]> {
  const perKey = new Map<string, { key: string; hits: number; window_ms: number }>()
  for (const { key, windowMs } of hits) {
    const row = perKey.get(key)
    if (row) row.hits++
    else perKey.set(key, { key, hits: 1, window_ms: windowMs })
  }
  const rows = await queryRows<{ key: string; hits: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
        SELECT v.key, v.hits, now() + v.window_ms * interval '1 millisecond'
        FROM json_to_recordset(${JSON.stringify([...perKey.values()])}::json)
          AS v(key text, hits integer, window_ms integer)
        ORDER BY v.key
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.resets_at <= now() THEN excluded.hits ELSE r.hits + excluded.hits END,
          resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
        RETURNING key, hits, ceil(extract(epoch FROM resets_at - now()) * 1000)::integer AS ttl`,
  )
  const totals = new Map(rows.map((row) => [row.key, row]))
  // A key's hits in this batch are the last of its count, in the order given.
  const earlierInBatch = new Map<string, number>()
  return hits.map(({ key, windowMs }) => {
    const row = totals.get(key)
    const inBatch = perKey.get(key)?.hits ?? 1
    const earlier = earlierInBatch.get(key) ?? 0
    earlierInBatch.set(key, earlier + 1)
    return { current: (row?.hits ?? inBatch) - inBatch + earlier + 1, ttl: Math.max(row?.ttl ?? windowMs, 0) }
  })
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database every server shares,
 * so that a limit counts the requests of all servers (decision 0022). The plugin makes one per
 * route through `child`, which prefixes the route to each key.
 */
export function sharedRateLimitStore(db: Db) {
  // Requests that arrive while a count is being written are counted together by the next
  // statement: a rush of 50 booking attempts wrote 50 statements (decision 0081).
  const countHit = batchWhileBusy((hits: Hit[]) => countHits(db, hits))
  return class SharedRateLimitStore {
    /** The plugin passes its options, which the counters do not need; `child` passes the prefix. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, windowMs: number): void {
      countHit({ key: `${this.prefix}${key}`, windowMs }).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      )
    }

    /** The plugin passes the route's merged options, the route itself in `routeInfo`. */
    child(routeOptions: object) {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string; url?: string } }
      return new SharedRateLimitStore(routeOptions, `${routeInfo?.method} ${routeInfo?.url} `)
    }
  }
}

/** Removes the counters whose window ended: a row is written per address and route. */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE resets_at < now()`)
}

const SWEEP_EVERY_MS = 60 * 60 * 1000

/** The hourly sweep, on PostgreSQL only (PGlite's single server counts in memory). */
export const startRateLimitSweep = (db: Db, log: FastifyBaseLogger): BackgroundJob =>
  startBackgroundJob(() => sweepRateLimits(db), {
    name: 'rate limit sweep',
    firstAfterMs: SWEEP_EVERY_MS,
    everyMs: SWEEP_EVERY_MS,
    log,
  })
