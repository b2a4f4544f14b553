import { AppOptionsReply } from '@shared/clinic'
import { BOOKING_WINDOW_DAYS } from '@shared/clinic-time'
import type { DatabaseHandle, Db } from '../../db/client'
import { responseSerializerCompiler } from '../../plugins/response-serializer'
import { findAvailability } from './repository'

/** One date's availability, exact until `validUntil` or until availability changes. */
export interface DateAvailability {
  /** The JSON body of GET /api/appOptions for the date, serialized once. */
  body: string
  /** Booked slots that have not started, as `slotKey`s. */
  taken: ReadonlySet<string>
  /** When the earliest slot not started yet begins (epoch ms); from then on "today" changes. */
  validUntil: number
}

export type AvailabilityLoader = (date: string, now: Date) => Promise<DateAvailability>

/** Reads a date's availability from the database (one query, see `findAvailability`). */
export function loadAvailability(db: Db, timeZone: string): AvailabilityLoader {
  const serialize = responseSerializerCompiler({ schema: AppOptionsReply })
  return async (date, now) => {
    const { options, taken, nextStart } = await findAvailability(db, date, timeZone, now)
    return { body: serialize({ options }), taken: new Set(taken), validUntil: nextStart }
  }
}

/**
 * Availability per date, kept in memory between requests: one availability query costs more than
 * the rest of GET /api/appOptions, and a booking race is mostly patients asking for slots already
 * gone. It stays exact because the database announces every change to bookings, treatments,
 * slots, closed days and holidays when it commits (migration 0007, decision 0016): the dates
 * named are forgotten, whoever wrote. A date also expires when its next slot starts.
 */
export interface AvailabilityCache {
  freeSlotsBody(date: string, now: Date): Promise<string>
  /** True when the slot is known to be booked; false means "ask the database". */
  isBooked(date: string, now: Date, slotKey: string): Promise<boolean>
  /**
   * Runs one booking attempt for a slot. Attempts on the same slot take turns, so the later ones
   * find the slot booked in memory instead of each trying an INSERT that must fail.
   */
  attempt<T>(date: string, slotKey: string, run: () => Promise<T>): Promise<T>
}

declare module 'fastify' {
  interface FastifyInstance {
    availability: AvailabilityCache
  }
}

/** Where the cache hears of changes: the database's announcements. */
export type Announcements = Pick<DatabaseHandle, 'listen' | 'listening'>

export async function createAvailabilityCache(
  load: AvailabilityLoader,
  announcements: Announcements,
): Promise<AvailabilityCache> {
  // Promises, so that a burst of requests for one date shares one query. A change drops them,
  // including a query still running, whose answer may predate the change.
  const dates = new Map<string, Promise<DateAvailability>>()
  const slotTurns = new Map<string, Promise<unknown>>()

  await announcements.listen('availability_changed', (payload) => {
    if (payload === '') dates.clear()
    else for (const date of payload.split(',')) dates.delete(date)
  })

  function remember(date: string, availability: Promise<DateAvailability>) {
    dates.set(date, availability)
    availability.catch(() => {
      if (dates.get(date) === availability) dates.delete(date)
    })
    return availability
  }

  async function current(date: string, now: Date): Promise<DateAvailability> {
    // Changes may go unheard (PostgreSQL's listener is reconnecting): nothing is kept meanwhile.
    if (!announcements.listening) return load(date, now)
    const known = dates.get(date)
    if (known) {
      const availability = await known
      if (now.getTime() < availability.validUntil) return availability
      if (dates.get(date) === known) dates.delete(date)
    }
    const pending = dates.get(date)
    if (pending) return pending
    // Only dates inside the booking window are asked for, so past days are all that can pile up.
    if (dates.size > BOOKING_WINDOW_DAYS + 1) dates.clear()
    return remember(date, load(date, now))
  }

  return {
    freeSlotsBody: async (date, now) => (await current(date, now)).body,
    isBooked: async (date, now, slotKey) => (await current(date, now)).taken.has(slotKey),
    attempt<T>(date: string, slotKey: string, run: () => Promise<T>): Promise<T> {
      const key = `${date}|${slotKey}`
      const turn = (slotTurns.get(key) ?? Promise.resolve()).then(run, run)
      const done = turn.catch(() => {})
      slotTurns.set(key, done)
      done.then(() => {
        if (slotTurns.get(key) === done) slotTurns.delete(key)
      })
      return turn
    },
  }
}
