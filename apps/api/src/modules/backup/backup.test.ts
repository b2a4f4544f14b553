import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { payments, treatments } from '../../db/schema'
import { TODAY, testClock } from '../../test/booking-kit'
import { createAdmin, type TestAccount } from '../../test/factories'
import { uploadedUrl } from '../../test/image-kit'
import { payWithSandbox, pricedBooking } from '../../test/payment-kit'
import { createTestAppIn } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { backupSocketPath } from './channel'
import { runBackupCli } from './cli'

// PGlite's own backup path: on PostgreSQL the CLI only points at pg_dump (tested below too).
describe.runIf(testDatabaseKind === 'pglite')('npm run backup / restore on the embedded database', () => {
  // The same secret on both servers, so that the patient's token is valid on the restored one.
  const env = { SESSION_SECRET: randomBytes(32).toString('hex') }
  // The kits book days after the tests' fixed "today".
  const clock = { now: testClock('Asia/Dhaka', TODAY, '09:00').now }
  let work: string
  let live: FastifyInstance
  let stopped = false
  let patient: TestAccount
  let bookingId: string
  let transactionId: string
  let photoUrl: string
  let photo: Buffer
  const dir = (name: string) => path.join(work, name)
  const cli = (args: string[], dataDir: string) =>
    runBackupCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' })

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'))
    live = await createTestAppIn(dir('live'), env, clock)
    const admin = await createAdmin(live)
    photoUrl = await uploadedUrl(live, admin)
    photo = (await live.inject({ method: 'GET', url: photoUrl })).rawPayload
    const [treatment] = await live.database.db.select({ name: treatments.name }).from(treatments).limit(1)
    const doctor = {
      name: 'Dr. Nusrat Jahan',
      email: 'nusrat@clinic.test',
      specialty: treatment?.name,
      image: photoUrl,
    }
    const added = await live.inject({
      method: 'POST',
      url: '/api/doctors',
      headers: admin.headers,
      payload: doctor,
    })
    expect(added.statusCode).toBe(201)
    ;({ patient, bookingId } = await pricedBooking(live))
    ;({ transactionId } = await payWithSandbox(live, patient, bookingId))
  }, 120_000)
  afterAll(async () => {
    if (!stopped) await live?.close()
    await rm(work, { recursive: true, force: true })
  })

  test('a backup taken while the server runs restores the booking, its payment and the photo', {
    timeout: 120_000,
  }, async () => {
    const socket = backupSocketPath(dir('live'))
    expect((await stat(path.dirname(socket))).mode & 0o777).toBe(0o700)
    expect((await stat(socket)).mode & 0o777).toBe(0o600)
    const file = dir('running.tar.gz')
    const backup = await cli(['backup', file], dir('live'))
    // The demo clinic's eight doctors' photos and this test's one.
    expect(backup).toEqual({
      exitCode: 0,
      message: expect.stringMatching(/from the running server: .* 9 uploaded files/),
    })
    // It holds password hashes and session rows: for the operator's eyes only.
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    const restored = await cli(['restore', file], dir('restored'))
    expect(restored).toEqual({ exitCode: 0, message: expect.stringContaining('9 uploaded files') })
    const app = await createTestAppIn(dir('restored'), env, clock)
    try {
      const booking = await app.inject({
        method: 'GET',
        url: `/api/booking/${bookingId}`,
        headers: patient.headers,
      })
      expect(booking.statusCode).toBe(200)
      expect(booking.json()).toMatchObject({ _id: bookingId, paid: true })
      const payment = await app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
      expect(payment).toMatchObject([{ transactionId }])
      // A new account is written to the trigram indexes of pg_trgm, an extension of the database.
      const { headers } = await createAdmin(app)
      const search = `/api/users?q=${encodeURIComponent(patient.email.slice(1, -1).toUpperCase())}`
      const found = await app.inject({ method: 'GET', url: search, headers })
      expect(found.json().users).toContainEqual(expect.objectContaining({ email: patient.email }))
      const doctors = await app.inject({ method: 'GET', url: '/api/doctors', headers })
      expect(doctors.json().doctors).toContainEqual(
        expect.objectContaining({ name: 'Dr. Nusrat Jahan', image: photoUrl }),
      )
      const served = await app.inject({ method: 'GET', url: photoUrl })
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(photo)).toBe(true)
    } finally {
      await app.close()
    }
  })

  test('restore refuses a data directory that is not empty, and a file that is not a whole backup', async () => {
    const file = dir('refusals.tar.gz')
    expect((await cli(['backup', file], dir('live'))).exitCode).toBe(0)
    expect(await cli(['restore', file], dir('live'))).toEqual({
      exitCode: 1,
      message: `${dir('live')} is not empty: restore into an empty or new DATA_DIR.`,
    })
    const whole = await readFile(file)
    await writeFile(dir('cut.tar.gz'), whole.subarray(0, whole.length / 2))
    expect(await cli(['restore', dir('cut.tar.gz')], dir('from-cut'))).toEqual({
      exitCode: 1,
      message: expect.stringContaining('is not a whole backup'),
    })
    expect(await cli(['backup', file], dir('live'))).toEqual({
      exitCode: 1,
      message: `${file} already exists: name another file.`,
    })
  })

  test('with the server stopped, the command opens the data directory itself', {
    timeout: 120_000,
  }, async () => {
    await live.close()
    stopped = true
    const backup = await cli(['backup', dir('stopped.tar.gz')], dir('live'))
    expect(backup).toEqual({ exitCode: 0, message: expect.stringContaining('from the data directory') })
    expect((await cli(['restore', dir('stopped.tar.gz')], dir('stopped-restored'))).exitCode).toBe(0)
    const restored = await createTestAppIn(dir('stopped-restored'), env, clock)
    try {
      const booking = await restored.inject({
        method: 'GET',
        url: `/api/booking/${bookingId}`,
        headers: patient.headers,
      })
      expect(booking.json()).toMatchObject({ _id: bookingId, paid: true })
    } finally {
      await restored.close()
    }
  })
})

test('with DATABASE_URL the commands name pg_dump and pg_restore instead of pretending', async () => {
  const env = { DATABASE_URL: 'postgres://portal@db.example/portal', SESSION_SECRET: 'x'.repeat(32) }
  const backup = await runBackupCli(['backup'], env)
  expect(backup).toEqual({ exitCode: 1, message: expect.stringContaining('pg_dump --format=custom') })
  const restore = await runBackupCli(['restore', 'portal.dump'], env)
  expect(restore).toEqual({ exitCode: 1, message: expect.stringContaining('pg_restore --no-owner') })
})
