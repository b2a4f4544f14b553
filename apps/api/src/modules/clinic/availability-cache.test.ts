import { describe, expect, test } from 'vitest'
import {
  type AvailabilityLoader,
  createAvailabilityCache,
  type LoadedAvailability,
} from './availability-cache'

const DATE = '2026-06-10'
const at = (ms: number) => new Date(ms)
const answer = (
  body: string,
  validUntil = Number.POSITIVE_INFINITY,
  taken: string[] = [],
): LoadedAvailability => ({
  body,
  taken: new Set(taken),
  validUntil,
})

/** A loader answering from a script, counting how often the database would be asked. */
function database(...answers: LoadedAvailability[]) {
  let calls = 0
  const load: AvailabilityLoader = async () =>
    answers[Math.min(calls++, answers.length - 1)] as LoadedAvailability
  return { load, calls: () => calls }
}

describe('the availability cache on PGlite', () => {
  test('answers a date from memory until its next slot starts', async () => {
    const db = database(answer('first', 1_000), answer('second', 2_000))
    const cache = createAvailabilityCache('pglite', db.load)
    expect(await cache.freeSlotsBody(DATE, at(0))).toBe('first')
    expect(await cache.freeSlotsBody(DATE, at(999))).toBe('first')
    expect(db.calls()).toBe(1)
    expect(await cache.freeSlotsBody(DATE, at(1_000))).toBe('second')
    expect(db.calls()).toBe(2)
  })

  test('a burst of requests for one date shares one query', async () => {
    const db = database(answer('only'))
    const cache = createAvailabilityCache('pglite', db.load)
    const bodies = await Promise.all(Array.from({ length: 10 }, () => cache.freeSlotsBody(DATE, at(0))))
    expect(bodies).toEqual(Array(10).fill('only'))
    expect(db.calls()).toBe(1)
  })

  test('forgets everything when availability changes, even a query still running', async () => {
    const db = database(answer('before'), answer('after'))
    const cache = createAvailabilityCache('pglite', db.load)
    const running = cache.freeSlotsBody(DATE, at(0))
    cache.changed()
    expect(await running).toBe('before')
    expect(await cache.freeSlotsBody(DATE, at(0))).toBe('after')
  })

  test('knows which slots are booked', async () => {
    const cache = createAvailabilityCache(
      'pglite',
      database(answer('', 5_000, ['Teeth Cleaning|10:00|30'])).load,
    )
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')).toBe(true)
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:30|30')).toBe(false)
  })

  test('a booking marks its slot taken at once, and the next body is read again', async () => {
    const db = database(answer('before', 5_000), answer('after', 5_000, ['Teeth Cleaning|10:00|30']))
    const cache = createAvailabilityCache('pglite', db.load)
    expect(await cache.freeSlotsBody(DATE, at(0))).toBe('before')
    cache.booked(DATE, 'Teeth Cleaning|10:00|30')
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')).toBe(true)
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:30|30')).toBe(false)
    expect(db.calls()).toBe(1)
    expect(await cache.freeSlotsBody(DATE, at(0))).toBe('after')
    expect(db.calls()).toBe(2)
  })

  test('a booking made while its date is being read is not lost', async () => {
    let finishQuery: (answer: LoadedAvailability) => void = () => {}
    const cache = createAvailabilityCache(
      'pglite',
      () =>
        new Promise<LoadedAvailability>((resolve) => {
          finishQuery = resolve
        }),
    )
    const reading = cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')
    cache.booked(DATE, 'Teeth Cleaning|10:00|30')
    finishQuery(answer('read before the booking', 5_000))
    await reading
    expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')).toBe(true)
  })

  test('attempts on one slot take turns, attempts on different slots do not wait', async () => {
    const cache = createAvailabilityCache('pglite', database(answer('')).load)
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
    const cache = createAvailabilityCache('pglite', database(answer('')).load)
    const failing = cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => {
      throw new Error('database gone')
    })
    await expect(failing).rejects.toThrow('database gone')
    await expect(cache.attempt(DATE, 'Teeth Cleaning|10:00|30', async () => 'booked')).resolves.toBe('booked')
  })

  test('a failed query is not kept', async () => {
    let calls = 0
    const cache = createAvailabilityCache('pglite', async () => {
      if (calls++ === 0) throw new Error('connection lost')
      return answer('recovered')
    })
    await expect(cache.freeSlotsBody(DATE, at(0))).rejects.toThrow('connection lost')
    expect(await cache.freeSlotsBody(DATE, at(0))).toBe('recovered')
  })
})

test('on PostgreSQL, which other servers may write to, every request asks the database', async () => {
  const db = database(answer('answer', Number.POSITIVE_INFINITY, ['Teeth Cleaning|10:00|30']))
  const cache = createAvailabilityCache('postgres', db.load)
  await cache.freeSlotsBody(DATE, at(0))
  await cache.freeSlotsBody(DATE, at(0))
  expect(db.calls()).toBe(2)
  expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:00|30')).toBe(false)
  cache.booked(DATE, 'Teeth Cleaning|10:30|30')
  expect(await cache.isBooked(DATE, at(0), 'Teeth Cleaning|10:30|30')).toBe(false)
  expect(db.calls()).toBe(2)
})
