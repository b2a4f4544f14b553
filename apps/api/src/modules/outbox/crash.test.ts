import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, clinicToday } from '@shared/clinic-time'
import { eq, sql } from 'drizzle-orm'
import { afterAll, expect, test, vi } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { outbox } from '../../db/schema'
import { STRONG_PASSWORD, uniqueEmail } from '../../test/factories'
import { createSharedPostgresDatabase, testDatabaseKind } from '../../test/test-database'
import { LEASE_SECONDS } from './sender'

const SERVER = path.resolve(import.meta.dirname, '../../../dist/server.js')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** The production build in a process of its own, once /api/health answers. */
async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`)
      expect((await fetch(`${url}/api/health`)).ok).toBe(true)
    },
    { timeout: 30_000, interval: 50 },
  )
  return { url, child, exited }
}

/** Registers a patient as the web app does and returns the bearer token. */
async function signUpOverHttp(url: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail()
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Amina Rahman', email, password: STRONG_PASSWORD }),
  })
  expect(registered.status).toBe(201)
  const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0])
  const jwt = await fetch(`${url}/api/jwt?email=${encodeURIComponent(email)}`, {
    headers: { cookie: cookie.join('; ') },
  })
  return { email, token: ((await jwt.json()) as { token: string }).token }
}

let shared: Awaited<ReturnType<typeof createSharedPostgresDatabase>> | undefined
afterAll(() => shared?.drop())

async function serverEnv() {
  expect(existsSync(SERVER), 'run `npm run build -w @portal/api` first').toBe(true)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'))
  shared ??= testDatabaseKind === 'postgres' ? await createSharedPostgresDatabase() : undefined
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(shared ? { DATABASE_URL: shared.url } : {}),
  }
  return { dataDir, env }
}

/** Books a slot over HTTP and SIGKILLs the server the moment the 201 arrives. */
async function bookThenKill(env: Record<string, string>) {
  const first = await startServer(env)
  const patient = await signUpOverHttp(first.url)
  const date = addDays(clinicToday('Asia/Dhaka', new Date()), 1)
  const options = (await (await fetch(`${first.url}/api/appOptions?date=${date}`)).json()) as {
    options: { name: string; slots: string[]; price: number }[]
  }
  const treatment = options.options.find((o) => o.slots.length > 0)
  if (!treatment) throw new Error(`no free slot on ${date}`)
  const booked = await fetch(`${first.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${patient.token}` },
    body: JSON.stringify({
      appointmentDate: date,
      treatmentName: treatment.name,
      patientName: 'Amina Rahman',
      slot: treatment.slots[0],
      email: patient.email,
      phone: '+880 1700 000000',
      price: treatment.price,
    }),
  })
  expect(booked.status).toBe(201)
  first.child.kill('SIGKILL')
  await first.exited
  const bookingId = ((await booked.json()) as { bookings: { insertedId: string } }).bookings.insertedId
  return { patient, bookingId }
}

/** The confirmation files the file mailer wrote into DATA_DIR/outbox. */
async function confirmations(dataDir: string) {
  const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [])
  const contents = await Promise.all(files.map((f) => readFile(path.join(dataDir, 'outbox', f), 'utf8')))
  return files.filter((_, i) => contents[i]?.includes('Subject: Booking confirmed'))
}

async function withDatabase<T>(dataDir: string, use: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir, databaseUrl: shared?.url })
  try {
    return await use(database)
  } finally {
    await database.close()
  }
}

/** Starts the server again, waits for the one confirmation, and stops it. */
async function restartUntilConfirmed(dataDir: string, env: Record<string, string>, timeout: number) {
  const second = await startServer(env)
  await vi.waitFor(async () => expect(await confirmations(dataDir)).toHaveLength(1), {
    timeout,
    interval: 50,
  })
  second.child.kill('SIGTERM')
  await second.exited
}

test('a confirmation written just before the server is killed is delivered once by the next start', async () => {
  const { dataDir, env } = await serverEnv()
  const { patient, bookingId } = await bookThenKill(env)
  await restartUntilConfirmed(dataDir, env, 15_000)

  await withDatabase(dataDir, async (database) => {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId))
    // One attempt, by the second server; two when the first had already claimed it (the kill
    // follows the 201 by milliseconds, the sender's quiet wait is 200 ms: a loaded machine may
    // let it start). Either way it was neither lost nor sent to two files.
    expect(row).toMatchObject({ kind: 'booking_confirmed', failedAt: null, leasedUntil: null })
    expect([1, 2]).toContain(row?.attempts)
    expect(row?.sentAt).toBeInstanceOf(Date)
    expect(await confirmations(dataDir)).toEqual([`${row?.id}.eml`])
    const eml = await readFile(path.join(dataDir, 'outbox', `${row?.id}.eml`), 'utf8')
    expect(eml).toContain(`Message-ID: <${row?.id}@localhost>`)
    expect(eml).toContain(`To: ${patient.email}`)
  })
}, 90_000)

test('a mail the killed server had claimed is sent by the next start, not held for a dead lease', async () => {
  const { dataDir, env } = await serverEnv()
  const { bookingId } = await bookThenKill(env)
  // The row as a server dying mid-send leaves it: attempt counted, leased, not sent.
  await withDatabase(dataDir, (database) =>
    database.db
      .update(outbox)
      .set({
        attempts: 1,
        sentAt: null,
        leasedUntil: sql`now() + ${LEASE_SECONDS}::integer * interval '1 second'`,
      })
      .where(eq(outbox.bookingId, bookingId)),
  )
  await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true })

  // PGlite's data is this process's alone: the lease is ended at start. On PostgreSQL another
  // server may still hold it, so it runs out first (the dead server no longer renews it).
  const waitMs = testDatabaseKind === 'pglite' ? 15_000 : (LEASE_SECONDS + 20) * 1000
  await restartUntilConfirmed(dataDir, env, waitMs)
  const [row] = await withDatabase(dataDir, (database) =>
    database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId)),
  )
  expect(row).toMatchObject({ attempts: 2, failedAt: null, leasedUntil: null })
  expect(row?.sentAt).toBeInstanceOf(Date)
}, 120_000)
