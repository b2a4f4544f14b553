import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { bookings, outbox } from './db/schema'
import { SESSION_COOKIE } from './modules/accounts'
import { bookingBody, day, testClock } from './test/booking-kit'
import { createAccount, createAdmin, nextAddress, STRONG_PASSWORD, uniqueEmail } from './test/factories'
import { multipartBody, pngImage } from './test/image-kit'
import { type ListeningServer, startServersOnOneDatabase } from './test/listening-servers'
import { testDatabaseKind } from './test/test-database'

// Three servers behind a load balancer on one PostgreSQL, called over real HTTP: whichever
// server a request reaches, the answer is the one a single server would give.
describe.runIf(testDatabaseKind === 'postgres')('three servers on one PostgreSQL, over HTTP', () => {
  const clock = testClock('Asia/Dhaka', day(0), '08:00')
  let servers: ListeningServer[]
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ servers, close } = await startServersOnOneDatabase(3, { now: clock.now }))
  })
  afterAll(() => close?.())

  /** The server the load balancer picks for the n-th request. */
  const server = (n: number) => servers[n % servers.length] as ListeningServer
  const db = () => server(0).app.database.db
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  test('many patients racing for three slots through all three servers: exactly one booking per slot', async () => {
    const date = day(3)
    const slots = ['09:00 AM - 09:30 AM', '10:00 AM - 10:30 AM', '11:00 AM - 11:30 AM']
    const patients = await Promise.all(Array.from({ length: 24 }, () => createAccount(server(0).app)))
    const answers = await Promise.all(
      patients.map(async (patient, n) => {
        const slot = slots[n % slots.length] as string
        const res = await server(n).request('/api/bookings', {
          method: 'POST',
          headers: patient.headers,
          json: bookingBody(patient, { appointmentDate: date, slot }),
        })
        return {
          slot,
          status: res.status,
          code: res.ok ? undefined : ((await res.json()) as { code: string }).code,
        }
      }),
    )
    for (const slot of slots) {
      const forSlot = answers.filter((answer) => answer.slot === slot)
      expect(forSlot.filter((answer) => answer.status === 201)).toHaveLength(1)
      expect(forSlot.filter((answer) => answer.status !== 201)).toEqual(
        Array(7).fill({ slot, status: 409, code: 'SLOT_TAKEN' }),
      )
    }
    const booked = await db()
      .select({ slot: bookings.slotLabel })
      .from(bookings)
      .where(eq(bookings.appointmentDate, date))
    expect(booked.map((row) => row.slot).sort()).toEqual(slots)
  })

  test('a session started on one server works on the others, by cookie and by token', async () => {
    const email = uniqueEmail()
    const registered = await server(0).request('/api/auth/register', {
      method: 'POST',
      headers: { 'x-forwarded-for': nextAddress() },
      json: { name: 'Roaming Patient', email, password: STRONG_PASSWORD },
    })
    expect(registered.status).toBe(201)
    const cookieOf = (res: Response) => {
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      if (!cookie) throw new Error(`no session cookie in the ${res.status} answer`)
      return cookie.split(';')[0] as string
    }

    const jwt = await server(1).request(`/api/jwt?email=${encodeURIComponent(email)}`, {
      headers: { cookie: cookieOf(registered) },
    })
    expect(jwt.status).toBe(200)
    const { token } = (await jwt.json()) as { token: string }
    const mine = await server(2).request(`/api/bookings?email=${encodeURIComponent(email)}`, {
      headers: bearer(token),
    })
    expect(mine.status).toBe(200)
    const session = await server(2).request('/api/auth/session', { headers: { cookie: cookieOf(jwt) } })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email)
  })

  test("one address's sign-in limit (20 a minute) counts the attempts every server took", async () => {
    const address = nextAddress()
    const statuses: number[] = []
    for (let n = 0; n < 24; n++) {
      const res = await server(n).request('/api/auth/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        json: { email: `nobody-${n}@example.test`, password: 'Wrong!Pass1' },
      })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429])
  })

  test('each mail is sent once, though every server runs a sender on the one outbox', async () => {
    const date = day(4)
    const slots = ['09:00 AM - 09:30 AM', '09:30 AM - 10:00 AM', '10:00 AM - 10:30 AM', '10:30 AM - 11:00 AM']
    for (const [n, slot] of slots.entries()) {
      const patient = await createAccount(server(n).app)
      const res = await server(n).request('/api/bookings', {
        method: 'POST',
        headers: patient.headers,
        json: bookingBody(patient, { appointmentDate: date, slot }),
      })
      expect(res.status).toBe(201)
    }
    // The senders wake on the database's announcement, not on a drain() from the test.
    const written = async () =>
      db().select({ id: outbox.id, sentAt: outbox.sentAt, attempts: outbox.attempts }).from(outbox)
    await vi.waitFor(async () => expect((await written()).every((row) => row.sentAt !== null)).toBe(true), {
      timeout: 20_000,
      interval: 100,
    })
    const rows = await written()
    expect(rows.length).toBeGreaterThanOrEqual(slots.length)
    const delivered = servers.flatMap(({ mail }) => mail.sent.map((message) => message.id))
    expect(delivered.sort()).toEqual(rows.map((row) => row.id).sort())
    expect(rows.every((row) => row.attempts === 1)).toBe(true)
  })

  test('a photo uploaded through one server is served by the others, and gone from all once its doctor is removed', async () => {
    const admin = await createAdmin(server(0).app)
    const form = multipartBody([{ bytes: await pngImage(40, 30) }])
    const uploaded = await server(0).request('/api/images', {
      method: 'POST',
      headers: { ...admin.headers, ...form.headers },
      body: form.payload,
    })
    expect(uploaded.status).toBe(200)
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data
    const photo = async (n: number) => {
      const res = await server(n).request(url)
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        bytes: Buffer.from(await res.arrayBuffer()),
      }
    }
    const original = await photo(0)
    expect(original).toMatchObject({ status: 200, type: 'image/webp' })
    for (const n of [1, 2]) expect(await photo(n)).toEqual(original)

    const specialties = await server(1).request('/api/appointmentSpecialty')
    const [specialty] = ((await specialties.json()) as { specialty: { name: string }[] }).specialty
    const doctor = await server(1).request('/api/doctors', {
      method: 'POST',
      headers: admin.headers,
      json: { name: 'Dr. Everywhere', email: uniqueEmail('doctor'), specialty: specialty?.name, image: url },
    })
    expect(doctor.status).toBe(201)
    const removed = await server(2).request(
      `/api/doctors/${((await doctor.json()) as { _id: string })._id}`,
      {
        method: 'DELETE',
        headers: admin.headers,
      },
    )
    expect(removed.status).toBe(200)
    for (const n of [0, 1, 2]) expect((await photo(n)).status).toBe(404)
  })
})
