import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, clinicToday } from '@shared/clinic-time'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test, vi } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/client'
import { outbox } from '../../db/schema'
import { STRONG_PASSWORD, uniqueEmail } from '../../test/factories'
import { createSharedPostgresDatabase, testDatabaseKind } from '../../test/test-database'

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

test('a confirmation written just before the server is killed is delivered once by the next start', async () => {
  expect(existsSync(SERVER), 'run `npm run build -w @portal/api` first').toBe(true)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'))
  if (testDatabaseKind === 'postgres') shared = await createSharedPostgresDatabase()
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(shared ? { DATABASE_URL: shared.url } : {}),
  }

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

  const confirmations = async () => {
    const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [])
    const contents = await Promise.all(files.map((f) => readFile(path.join(dataDir, 'outbox', f), 'utf8')))
    return files.filter((_, i) => contents[i]?.includes('Subject: Booking confirmed'))
  }
  const second = await startServer(env)
  await vi.waitFor(async () => expect(await confirmations()).toHaveLength(1), {
    timeout: 15_000,
    interval: 50,
  })
  second.child.kill('SIGTERM')
  await second.exited

  // One attempt in all, by the second server: the mail was neither lost nor sent twice.
  const database: DatabaseHandle = await openDatabase({ dataDir, databaseUrl: shared?.url })
  try {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId))
    expect(row).toMatchObject({ kind: 'booking_confirmed', attempts: 1, failedAt: null })
    expect(row?.sentAt).toBeInstanceOf(Date)
    expect(await confirmations()).toEqual([`${row?.id}.eml`])
    const eml = await readFile(path.join(dataDir, 'outbox', `${row?.id}.eml`), 'utf8')
    expect(eml).toContain(`Message-ID: <${row?.id}@localhost>`)
    expect(eml).toContain(`To: ${patient.email}`)
  } finally {
    await database.close()
  }
}, 90_000)
