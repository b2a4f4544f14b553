import { afterEach, expect, test, vi } from 'vitest'
import { uniqueEmail } from '../../test/factories'
import { storedNames, uploadedUrl, useImageApp } from '../../test/image-kit'
import { ORPHAN_AFTER_MS, removeOrphanImages, startOrphanSweeper } from './orphan-sweep'

const HOUR = 60 * 60 * 1000
const kit = useImageApp(new Date('2026-03-01T06:00:00Z'))
afterEach(() => vi.useRealTimers())

const deps = () => ({ db: kit.app.database.db, storage: kit.app.storage, now: () => kit.app.now() })
const nameOf = (url: string) => url.slice('/uploads/'.length)
const status = async (url: string) => (await kit.app.inject({ method: 'GET', url })).statusCode

async function addDoctorWith(image: string) {
  const specialties = await kit.app.inject({ method: 'GET', url: '/api/appointmentSpecialty' })
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/doctors',
    headers: kit.admin.headers,
    payload: {
      name: 'Dr. Kept',
      email: uniqueEmail('doctor'),
      specialty: specialties.json().specialty[0].name,
      image,
    },
  })
  expect(res.statusCode).toBe(201)
}

test('an image no doctor uses is removed a day after its upload; a used one and a fresh one stay', async () => {
  const used = await uploadedUrl(kit.app, kit.admin)
  const unused = await uploadedUrl(kit.app, kit.admin)
  await addDoctorWith(used)
  kit.later(23 * HOUR)
  const fresh = await uploadedUrl(kit.app, kit.admin)

  expect(await removeOrphanImages(deps())).toEqual([])
  kit.later(HOUR + 60_000)
  expect(await removeOrphanImages(deps())).toEqual([nameOf(unused)])

  expect(await status(unused)).toBe(404)
  expect(await storedNames(kit.app)).not.toContain(nameOf(unused))
  for (const kept of [used, fresh]) {
    expect(await status(kept)).toBe(200)
    expect(await storedNames(kit.app)).toContain(nameOf(kept))
  }
  // Still used a week later.
  kit.later(7 * 24 * HOUR)
  expect(await removeOrphanImages(deps())).toEqual([nameOf(fresh)])
  expect(await status(used)).toBe(200)
})

test('the server sweeps on a timer of its own, and waits for a sweep in progress when it closes', async () => {
  const orphan = await uploadedUrl(kit.app, kit.admin)
  kit.later(ORPHAN_AFTER_MS + 1)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const sweeper = startOrphanSweeper({ ...deps(), log: kit.app.log })
  expect(await status(orphan)).toBe(200)
  await vi.advanceTimersByTimeAsync(60_000)
  await sweeper.close()
  expect(await status(orphan)).toBe(404)
  expect(await storedNames(kit.app)).not.toContain(nameOf(orphan))
})
