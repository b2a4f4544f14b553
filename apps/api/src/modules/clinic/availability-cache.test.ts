import { describe, expect, test } from 'vitest'
import type { Channel, OnNotify } from '../../db/channels'
import {
  type AvailabilityCache,
  type AvailabilityLoader,
  createAvailabilityCache,
  type DateAvailability,
} from './availability-cache'

const DATE = '2026-06-10'
const at = (ms: number) => new Date(ms)
const answer = (
  body: string,
  validUntil = Number.POSITIVE_INFINITY,
  taken: string[] = [],
): DateAvailability => ({
  body: { plain: Buffer.from(body), gzipped: Buffer.alloc(0) },
  taken: new Set(taken),
  validUntil,
})

/** A loader answering from a script, counting how often the database would be asked. */
function database(...answers: DateAvailability[]) {
  let calls = 0
  const load: AvailabilityLoader = async () =>
    answers[Math.min(calls++, answers.length - 1)] as DateAvailability
  return { load, calls: () => calls }
}

/** The database's announcements, as the cache hears them; `listening` false while they may be lost. */
function announcements() {
  const subscribers: OnNotify[] = []
  return {
    listening: true,
    async listen(channel: Channel, onNotify: OnNotify) {
      if (channel === 'availability_changed') subscribers.push(onNotify)
    },
    announce: (payload: string) => {
      for (const onNotify of subscribers) onNotify(payload)
    },
  }
}

/** The body the cache answers for a date, as text. */
const freeSlots = async (cache: AvailabilityCache, date: string, now: Date) =>
  (await cache.freeSlotsBody(date, now)).plain.toString()

const cacheOver = (load: AvailabilityLoader, heard = announcements()) => createAvailabilityCache(load, heard)

describe('the availability cache', () => {
  test('answers a date from memory until its next slot starts', async () => {
    const db = database(answer('first', 1_000), answer('second', 2_000))
    const cache = await cacheOver(db.load)
    expect(await freeSlots(cache, DATE, at(0))).toBe('first')
    expect(await freeSlots(cache, DATE, at(999))).toBe('first')
    expect(db.calls()).toBe(1)
    expect(await freeSlots(cache, DATE, at(1_000))).toBe('second')
    expect(db.calls()).toBe(2)
  })

  test('a kept date is answered at once, without a promise, until its next slot starts', async () => {
    const db = database(answer('first', 1_000), answer('second', 2_000))
    const cache = await cacheOver(db.load)
    expect(cache.freeSlotsBody(DATE, at(0))).toBeInstanceOf(Promise)
    await cache.freeSlotsBody(DATE, at(0))
    const kept = cache.freeSlotsBody(DATE, at(999))
    expect(kept).not.toBeInstanceOf(Promise)
    expect((kept as Awaited<typeof kept>).plain.toString()).toBe('first')
    expect(cache.freeSlotsBody(DATE, at(1_000))).toBeInstanceOf(Promise)
    expect(await freeSlots(cache, DATE, at(1_000))).toBe('second')
  })

  test('a burst of requests for one date shares one query', async () => {
    const db = database(answer('only'))
    const cache = await cacheOver(db.load)
    const bodies = await Promise.all(Array.from({ length: 10 }, () => freeSlots(cache, DATE, at(0))))
    expect(bodies).toEqual(Array(10).fill('only'))
    expect(db.calls()).toBe(1)
  })

  test('forgets everything when the clinic changes, even a query still running', async () => {
    const db = database(answer('before'), answer('after'))
    const heard = announcements()
    const cache = await cacheOver(db.load, heard)
    const running = freeSlots(cache, DATE, at(0))
    heard.announce('')
    expect(await running).toBe('before')
    expect(await freeSlots(cache, DATE, at(0))).toBe('after')
  })

  test('a booking or cancellation forgets only the dates it names', async () => {
    const db = database(answer('first'), answer('second'), answer('third'))
    const heard = announcements()
    const cache = await cacheOver(db.load, heard)
    await freeSlots(cache, DATE, at(0))
    await freeSlots(cache, '2026-06-11', at(0))
    heard.announce(`2026-06-09,${DATE}`)
    expect(await freeSlots(cache, '2026-06-11', at(0))).toBe('second')
    expect(await freeSlots(cache, DATE, at(0))).toBe('third')
    expect(db.calls()).toBe(3)
  })

  test('keeps nothing while announcements may be lost, and starts again after', async () => {
    const db = database(answer('first'), answer('second'), answer('third'), answer('fourth'))
    const heard = announcements()
    const cache = await cacheOver(db.load, heard)
    heard.listening = false
    expect(await freeSlots(cache, DATE, at(0))).toBe('first')
    expect(await freeSlots(cache, DATE, at(0))).toBe('second')
    heard.listening = true
    expect(await freeSlots(cache, DATE, at(0))).toBe('third')
    expect(await freeSlots(cache, DATE, at(0))).toBe('third')
  })

  test('knows which slots are booked', async () => {
    const cache = await cacheOver(database(answer('', 5_000, ['Teeth Cleaning|10:00|30'])).load)
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')).toBe(true)
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:30|30')).toBe(false)
  })

  test('attempts on one slot take turns, attempts on different slots do not wait', async () => {
    const cache = await cacheOver(database(answer('')).load)
    const events: string[] = []
    let release: () => void = () => {}
    const first = cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => {
      events.push('first starts')
      await new Promise<void>((resolve) => {
        release = resolve
      })
      events.push('first ends')
    })
    const second = cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => {
      events.push('second starts')
    })
    const other = cache.attempt(DATE, 'Teeth Cleaning|10:30|30', async () => {
      events.push('other slot starts')
    })
    await other
    expect(events).toEqual(['first starts', 'other slot starts'])
    release()
    await Promise.all([first, second])
    expect(events).toEqual(['first starts', 'other slot starts', 'first ends', 'second starts'])
  })

  test('a failed attempt does not hold up the next one on its slot', async () => {
    const cache = await cacheOver(database(answer('')).load)
    const failing = cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => {
      throw new Error('database gone')
    })
    await expect(failing).rejects.toThrow('database gone')
    await expect(cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => 'booked')).resolves.toBe('booked')
  })

  test('a failed query is not kept', async () => {
    let calls = 0
    const cache = await cacheOver(async () => {
      if (calls++ === 0) throw new Error('connection lost')
      return answer('recovered')
    })
    await expect(freeSlots(cache, DATE, at(0))).rejects.toThrow('connection lost')
    expect(await freeSlots(cache, DATE, at(0))).toBe('recovered')
  })
})
