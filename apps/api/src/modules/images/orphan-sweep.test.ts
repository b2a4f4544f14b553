import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createAdmin, type TestAccount, uniqueEmail } from '../../test/factories'
import { storedNames, tempDataDir, uploadedUrl } from '../../test/image-kit'
import { createTestApp } from '../../test/test-app'
import { ORPHAN_AFTER_MS, removeOrphanImages, startOrphanSweeper } from './orphan-sweep'

const HOUR = 60 * 60 * 1000
let clock = new Date('2026-03-01T06:00:00Z')
let app: FastifyInstance
let admin: TestAccount
let data: Awaited<ReturnType<typeof tempDataDir>>
beforeAll(async () => {
  data = await tempDataDir()
  app = await createTestApp({ DATA_DIR: data.dataDir }, { now: () => clock })
  admin = await createAdmin(app)
})
afterAll(async () => {
  await app.close()
  await data.remove()
})
afterEach(() => vi.useRealTimers())

const deps = () => ({ db: app.database.db, storage: app.storage, now: () => app.now() })
const nameOf = (url: string) => url.slice('/uploads/'.length)
const status = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode

async function addDoctorWith(image: string) {
  const specialties = await app.inject({ method: 'GET', url: '/api/appointmentSpecialty' })
  const res = await app.inject({
    method: 'POST',
    url: '/api/doctors',
    headers: admin.headers,
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
  const used = await uploadedUrl(app, admin)
  const unused = await uploadedUrl(app, admin)
  await addDoctorWith(used)
  clock = new Date(clock.getTime() + 23 * HOUR)
  const fresh = await uploadedUrl(app, admin)

  expect(await removeOrphanImages(deps())).toEqual([])
  clock = new Date(clock.getTime() + HOUR + 60_000)
  expect(await removeOrphanImages(deps())).toEqual([nameOf(unused)])

  expect(await status(unused)).toBe(404)
  expect(await storedNames(app)).not.toContain(nameOf(unused))
  for (const kept of [used, fresh]) {
    expect(await status(kept)).toBe(200)
    expect(await storedNames(app)).toContain(nameOf(kept))
  }
  // Still used a week later.
  clock = new Date(clock.getTime() + 7 * 24 * HOUR)
  expect(await removeOrphanImages(deps())).toEqual([nameOf(fresh)])
  expect(await status(used)).toBe(200)
})

test('the server sweeps on a timer of its own, and waits for a sweep in progress when it closes', async () => {
  const orphan = await uploadedUrl(app, admin)
  clock = new Date(clock.getTime() + ORPHAN_AFTER_MS + 1)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const sweeper = startOrphanSweeper({ ...deps(), log: app.log })
  expect(await status(orphan)).toBe(200)
  await vi.advanceTimersByTimeAsync(60_000)
  await sweeper.close()
  expect(await status(orphan)).toBe(404)
  expect(await storedNames(app)).not.toContain(nameOf(orphan))
})
