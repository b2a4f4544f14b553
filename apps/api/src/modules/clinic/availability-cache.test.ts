import { describe, expect, test } from 'vitest'
import { createAvailabilityCache, type FreeSlotsAnswer } from './availability-cache'

const at = (ms: number) => new Date(ms)

function counter(answers: FreeSlotsAnswer[]) {
  let loads = 0
  return {
    load: async () => answers[Math.min(loads++, answers.length - 1)] as FreeSlotsAnswer,
    loads: () => loads,
  }
}

describe('the availability cache on PGlite', () => {
  test('answers a date from memory until its earliest free slot starts', async () => {
    const cache = createAvailabilityCache('pglite')
    const db = counter([
      { body: 'first', validUntil: 1_000 },
      { body: 'second', validUntil: 2_000 },
    ])
    expect(await cache.freeSlots('2026-06-10', at(0), db.load)).toBe('first')
    expect(await cache.freeSlots('2026-06-10', at(999), db.load)).toBe('first')
    expect(db.loads()).toBe(1)
    expect(await cache.freeSlots('2026-06-10', at(1_000), db.load)).toBe('second')
    expect(db.loads()).toBe(2)
  })

  test('forgets everything when availability changes', async () => {
    const cache = createAvailabilityCache('pglite')
    const db = counter([
      { body: 'before', validUntil: Number.POSITIVE_INFINITY },
      { body: 'after', validUntil: Number.POSITIVE_INFINITY },
    ])
    await cache.freeSlots('2026-06-10', at(0), db.load)
    cache.changed()
    expect(await cache.freeSlots('2026-06-10', at(0), db.load)).toBe('after')
  })

  test('does not keep an answer whose query ran while availability changed', async () => {
    const cache = createAvailabilityCache('pglite')
    const stale = cache.freeSlots('2026-06-10', at(0), async () => {
      cache.changed() // a booking committed while this query was running
      return { body: 'stale', validUntil: Number.POSITIVE_INFINITY }
    })
    expect(await stale).toBe('stale')
    const db = counter([{ body: 'fresh', validUntil: Number.POSITIVE_INFINITY }])
    expect(await cache.freeSlots('2026-06-10', at(0), db.load)).toBe('fresh')
  })
})

test('on PostgreSQL, which other servers may write to, every request queries', async () => {
  const cache = createAvailabilityCache('postgres')
  const db = counter([{ body: 'answer', validUntil: Number.POSITIVE_INFINITY }])
  await cache.freeSlots('2026-06-10', at(0), db.load)
  await cache.freeSlots('2026-06-10', at(0), db.load)
  expect(db.loads()).toBe(2)
})
