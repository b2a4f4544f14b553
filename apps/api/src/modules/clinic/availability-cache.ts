import { AppOptionsReply } from '@shared/clinic'
import { BOOKING_WINDOW_DAYS } from '@shared/clinic-time'
import { type Announcements, announcedCache } from '../../db/announced-cache'
import type { Db } from '../../db/client'
import { type PreparedBody, prepareBody } from '../../lib/prepared-body'
import { responseSerializerCompiler } from '../../plugins/response-serializer'
import { findAvailability } from './repository'

/** One date's availability, exact until `validUntil` or until availability changes. */
export interface DateAvailability {
  /** The JSON body of GET /api/appOptions for the date, serialized (and gzipped) once. */
  body: PreparedBody
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
    return { body: await prepareBody(serialize({ options })), taken: new Set(taken), validUntil: nextStart }
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
  /** The date's body: at once when it is kept, else once read from the database. */
  freeSlotsBody(date: string, now: Date): PreparedBody | Promise<PreparedBody>
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

export async function createAvailabilityCache(
  load: AvailabilityLoader,
  announcements: Announcements,
): Promise<AvailabilityCache> {
  // Only dates inside the booking window are asked for, so past days are all that can pile up.
  const dates = await announcedCache<DateAvailability>(
    announcements,
    ['availability_changed'],
    BOOKING_WINDOW_DAYS + 2,
  )
  const slotTurns = new Map<string, Promise<unknown>>()
  const freshAt = (now: Date) => (availability: DateAvailability) => now.getTime() < availability.validUntil
  const current = (date: string, now: Date) => dates.get(date, () => load(date, now), freshAt(now))

  return {
    freeSlotsBody: (date, now) =>
      dates.arrived(date, freshAt(now))?.body ?? current(date, now).then((availability) => availability.body),
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
