import { AppOptionsReply } from '@shared/clinic'
import { BOOKING_WINDOW_DAYS } from '@shared/clinic-time'
import type { DatabaseHandle, Db } from '../../db/client'
import { responseSerializerCompiler } from '../../plugins/response-serializer'
import { findAvailability } from './repository'

/** One date's availability, exact until `validUntil` or until availability changes. */
export interface DateAvailability {
  /** The JSON body of GET /api/appOptions for the date, serialized once; null once a booking made it stale. */
  body: string | null
  /** Booked slots that have not started, as `slotKey`s. */
  taken: ReadonlySet<string>
  /** When the earliest slot not started yet begins (epoch ms); from then on "today" changes. */
  validUntil: number
}

/** A date's availability as read from the database, body included. */
export type LoadedAvailability = DateAvailability & { body: string }

export type AvailabilityLoader = (date: string, now: Date) => Promise<LoadedAvailability>

/** Reads a date's availability from the database (one query, see `findAvailability`). */
export function loadAvailability(db: Db, timeZone: string): AvailabilityLoader {
  const serialize = responseSerializerCompiler({ schema: AppOptionsReply })
  return async (date, now) => {
    const { options, taken, nextStart } = await findAvailability(db, date, timeZone, now)
    return { body: serialize({ options }), taken: new Set(taken), validUntil: nextStart }
  }
}

/**
 * Availability per date, kept in memory between requests: on PGlite one availability query
 * costs more than the rest of GET /api/appOptions (budget: 40% of a bare node:http server), and
 * a booking race is mostly patients asking for slots already gone. It stays exact because every
 * write that changes availability calls `changed()` (a booking, a cancellation, and any edit of
 * treatments, slots, closed days or holidays), and a date expires when its next slot starts.
 */
export interface AvailabilityCache {
  freeSlotsBody(date: string, now: Date): Promise<string>
  /** True when the slot is known to be booked; false means "ask the database". */
  isBooked(date: string, now: Date, slotKey: string): Promise<boolean>
  /**
   * Runs one booking attempt for a slot. On PGlite attempts on the same slot take turns, so the
   * later ones find the slot booked in memory instead of each trying an INSERT that must fail.
   */
  attempt<T>(date: string, slotKey: string, run: () => Promise<T>): Promise<T>
  /** A booking of this slot was just inserted: the slot is taken and the date's body stale. */
  booked(date: string, slotKey: string): void
  /** Anything else changed availability (a cancellation, the clinic's hours or days). */
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
 * writes, so there every request asks the database.
 */
export function createAvailabilityCache(
  kind: DatabaseHandle['kind'],
  load: AvailabilityLoader,
): AvailabilityCache {
  if (kind === 'postgres') {
    return {
      freeSlotsBody: async (date, now) => (await load(date, now)).body,
      isBooked: async () => false,
      attempt: (_date, _slotKey, run) => run(),
      booked() {},
      changed() {},
    }
  }
  // Promises, so that a burst of requests for one date shares one query. `changed()` drops them
  // all, including a query still running, whose answer may predate the change.
  const dates = new Map<string, Promise<DateAvailability>>()
  const slotTurns = new Map<string, Promise<unknown>>()

  function remember(date: string, availability: Promise<DateAvailability>) {
    dates.set(date, availability)
    availability.catch(() => {
      if (dates.get(date) === availability) dates.delete(date)
    })
    return availability
  }

  async function current(date: string, now: Date): Promise<DateAvailability> {
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

  async function freeSlotsBody(date: string, now: Date): Promise<string> {
    const known = dates.get(date)
    const availability = await current(date, now)
    if (availability.body !== null) return availability.body
    if (dates.get(date) === known) dates.delete(date)
    return freeSlotsBody(date, now)
  }

  return {
    freeSlotsBody,
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
    booked(date, slotKey) {
      const known = dates.get(date)
      if (!known) return
      // Whether or not a query still running saw the new booking, adding it is right.
      remember(
        date,
        known.then((availability) => ({
          ...availability,
          body: null,
          taken: new Set(availability.taken).add(slotKey),
        })),
      )
    },
    changed: () => dates.clear(),
  }
}
