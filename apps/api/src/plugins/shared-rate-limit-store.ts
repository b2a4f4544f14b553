import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../db/client'
import { type BackgroundJob, startBackgroundJob } from '../lib/background-job'

type Done = (error: Error | null, counted?: { current: number; ttl: number }) => void

/** Counts one request of `key` in a window of `windowMs`, atomically, and answers the window's count. */
async function countHit(db: Db, key: string, windowMs: number) {
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`INSERT INTO rate_limit_hits AS r (key, hits, resets_at)
        VALUES (${key}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.resets_at <= now() THEN 1 ELSE r.hits + 1 END,
          resets_at = CASE WHEN r.resets_at <= now() THEN excluded.resets_at ELSE r.resets_at END
        RETURNING hits, ceil(extract(epoch FROM resets_at - now()) * 1000)::integer AS ttl`,
  )
  return { current: row?.hits ?? 1, ttl: Math.max(row?.ttl ?? windowMs, 0) }
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database every server shares,
 * so that a limit counts the requests of all servers (decision 0022). The plugin makes one per
 * route through `child`, which prefixes the route to each key.
 */
export function sharedRateLimitStore(db: Db) {
  return class SharedRateLimitStore {
    /** The plugin passes its options, which the counters do not need; `child` passes the prefix. */
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, windowMs: number): void {
      countHit(db, `${this.prefix}${key}`, windowMs).then(
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
