import { BOOKING_WINDOW_DAYS } from '@shared/clinic-time'
import type { DatabaseHandle } from '../../db/client'

export interface FreeSlotsAnswer {
  /** The JSON body of GET /api/appOptions for the date, serialized once. */
  body: string
  /** When the earliest free slot starts (epoch ms): from then on "today" must drop it. */
  validUntil: number
}

/**
 * The free slots of each date, kept between requests: on PGlite one availability query costs
 * more than the whole rest of GET /api/appOptions, whose budget is 40% of a bare node:http
 * server. It stays correct because every write that changes availability calls `changed()`
 * (a booking, a cancellation, and any edit of treatments, slots, closed days or holidays), and
 * an entry expires when its earliest free slot starts.
 */
export interface AvailabilityCache {
  freeSlots(date: string, now: Date, load: () => Promise<FreeSlotsAnswer>): Promise<string>
  changed(): void
}

declare module 'fastify' {
  interface FastifyInstance {
    availability: AvailabilityCache
  }
}

/**
 * Caches only on PGlite, where the data-directory lock makes this process the database's one
 * writer. On PostgreSQL several servers may share the database and could not see each other's
 * writes, so there every request queries (PostgreSQL runs beside us and answers fast).
 */
export function createAvailabilityCache(kind: DatabaseHandle['kind']): AvailabilityCache {
  if (kind === 'postgres') {
    return { freeSlots: async (_date, _now, load) => (await load()).body, changed: () => {} }
  }
  const entries = new Map<string, FreeSlotsAnswer>()
  let generation = 0
  return {
    async freeSlots(date, now, load) {
      const cached = entries.get(date)
      if (cached && now.getTime() < cached.validUntil) return cached.body
      const startedAt = generation
      const fresh = await load()
      // A write that landed while the query ran may not be in its answer: serve it, keep it not.
      if (startedAt === generation) {
        // Only dates inside the window are cached, so past days are all that can pile up.
        if (entries.size > BOOKING_WINDOW_DAYS + 1) entries.clear()
        entries.set(date, fresh)
      }
      return fresh.body
    },
    changed() {
      generation++
      entries.clear()
    },
  }
}
