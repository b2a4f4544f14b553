import { expect, test } from 'vitest'
import { announcedCache } from './announced-cache'
import type { Channel, OnNotify } from './channels'

/** The database's announcements per channel, as a cache hears them. */
function announcements() {
  const subscribers = new Map<Channel, OnNotify[]>()
  return {
    listening: true,
    async listen(channel: Channel, onNotify: OnNotify) {
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), onNotify])
    },
    announce(channel: Channel, payload: string) {
      for (const onNotify of subscribers.get(channel) ?? []) onNotify(payload)
    },
  }
}

/** A loader that counts its calls and answers with the count. */
function counter() {
  let calls = 0
  return { load: async () => ++calls, calls: () => calls }
}

test('a key named on any of its channels is forgotten, and only that key', async () => {
  const heard = announcements()
  const cache = await announcedCache<number>(heard, ['availability_changed', 'agenda_changed'], 10)
  const db = counter()
  expect(await cache.get('2026-06-10', db.load)).toBe(1)
  expect(await cache.get('2026-06-11', db.load)).toBe(2)
  expect(await cache.get('2026-06-10', db.load)).toBe(1)
  heard.announce('agenda_changed', '2026-06-10,2026-06-12')
  expect(await cache.get('2026-06-10', db.load)).toBe(3)
  expect(await cache.get('2026-06-11', db.load)).toBe(2)
  heard.announce('availability_changed', '')
  expect(await cache.get('2026-06-11', db.load)).toBe(4)
  // A channel it does not listen to changes nothing.
  heard.announce('auth_changed', '')
  expect(await cache.get('2026-06-11', db.load)).toBe(4)
})

test('keeps at most its number of keys: past it, it starts again', async () => {
  const cache = await announcedCache<number>(announcements(), ['agenda_changed'], 2)
  const db = counter()
  await cache.get('2026-06-10', db.load)
  await cache.get('2026-06-11', db.load)
  expect(await cache.get('2026-06-11', db.load)).toBe(2)
  expect(await cache.get('2026-06-12', db.load)).toBe(3)
  expect(await cache.get('2026-06-12', db.load)).toBe(3)
  expect(await cache.get('2026-06-10', db.load)).toBe(4)
})

test('a value that is no longer fresh is loaded again', async () => {
  const cache = await announcedCache<number>(announcements(), ['agenda_changed'], 2)
  const db = counter()
  expect(await cache.get('2026-06-10', db.load, (value) => value > 1)).toBe(1)
  expect(await cache.get('2026-06-10', db.load, (value) => value > 1)).toBe(2)
  expect(await cache.get('2026-06-10', db.load, (value) => value > 1)).toBe(2)
})

test('a value has arrived once its load has resolved, while it is kept and fresh', async () => {
  const heard = announcements()
  const cache = await announcedCache<number>(heard, ['agenda_changed'], 10)
  let resolveLoad: (value: number) => void = () => {}
  const loading = cache.get('2026-06-10', () => new Promise<number>((resolve) => (resolveLoad = resolve)))
  expect(cache.arrived('2026-06-10')).toBeUndefined()
  resolveLoad(7)
  await loading
  expect(cache.arrived('2026-06-10')).toBe(7)
  expect(cache.arrived('2026-06-10', (value) => value > 7)).toBeUndefined()
  expect(cache.arrived('2026-06-11')).toBeUndefined()
  heard.announce('agenda_changed', '2026-06-10')
  expect(cache.arrived('2026-06-10')).toBeUndefined()
})

test('nothing has arrived while announcements may go unheard', async () => {
  const heard = announcements()
  const cache = await announcedCache<number>(heard, ['agenda_changed'], 10)
  await cache.get('2026-06-10', async () => 7)
  heard.listening = false
  expect(cache.arrived('2026-06-10')).toBeUndefined()
})

test('a load that failed leaves nothing arrived', async () => {
  const cache = await announcedCache<number>(announcements(), ['agenda_changed'], 10)
  await expect(cache.get('2026-06-10', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
  expect(cache.arrived('2026-06-10')).toBeUndefined()
})
