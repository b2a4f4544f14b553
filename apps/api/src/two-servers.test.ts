import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildApp } from './app'
import { LISTENER_NAME } from './db/postgres-listener'
import { book, day, freeSlots, getOptions, testClock } from './test/booking-kit'
import { captureMail } from './test/captured-mail'
import { createAccount, signUp } from './test/factories'
import { refusal } from './test/refusal'
import { testConfig } from './test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from './test/test-database'

// Two servers on one PostgreSQL database, as behind a load balancer: each keeps its caches, and
// hears the other's writes through the database's announcements (decision 0016).
describe.runIf(testDatabaseKind === 'postgres')('two servers on one PostgreSQL database', () => {
  const SLOT = '10:00 AM - 10:30 AM'
  const DATE = day(2)
  const clock = testClock('Asia/Dhaka', day(0), '08:00')
  let shared: Awaited<ReturnType<typeof createSharedPostgresDatabase>>
  let first: FastifyInstance
  let second: FastifyInstance

  beforeAll(async () => {
    shared = await createSharedPostgresDatabase()
    const env = { SESSION_SECRET: randomBytes(32).toString('hex') }
    const server = async () =>
      buildApp(testConfig(env), {
        database: await shared.open(),
        logger: false,
        webDir: '/nonexistent',
        mailer: captureMail(),
        now: clock.now,
      })
    first = await server()
    second = await server()
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await shared?.drop()
  })

  /** Waits until the other server's answer changes; the announcement takes milliseconds. */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 5 })

  test('a booking on one server takes the slot off the other, and a cancellation puts it back', async () => {
    expect(await freeSlots(second, DATE)).toContain(SLOT)
    const patient = await createAccount(first)
    const booked = await book(first, patient, { appointmentDate: DATE, slot: SLOT })
    expect(booked.statusCode).toBe(201)
    await eventually(async () => expect(await freeSlots(second, DATE)).not.toContain(SLOT))

    const cancelled = await first.inject({
      method: 'DELETE',
      url: `/api/bookings/${booked.json().bookings.insertedId}`,
      headers: patient.headers,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    await eventually(async () => expect(await freeSlots(second, DATE)).toContain(SLOT))
  })

  test("a change to a treatment, made in SQL, reaches the other server's answers", async () => {
    const price = async (app: FastifyInstance) =>
      (await getOptions(app, DATE)).json().options.find((o: { name: string }) => o.name === 'Teeth Cleaning')
        .price
    const before = await price(second)
    await first.database.db.execute(
      sql`UPDATE treatments SET price_tk = price_tk + 100 WHERE name = 'Teeth Cleaning'`,
    )
    await eventually(async () => expect(await price(second)).toBe(before + 100))
  })

  test('signing out on one server ends the session on the other', async () => {
    const patient = await signUp(first)
    const myBookings = () =>
      second.inject({ method: 'GET', url: `/api/bookings?email=${patient.email}`, headers: patient.headers })
    expect((await myBookings()).statusCode).toBe(200)
    const out = await first.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: patient.cookie },
    })
    expect(out.statusCode).toBeLessThan(300)
    await eventually(async () =>
      expect(refusal(await myBookings())).toEqual({ status: 401, code: 'UNAUTHORIZED' }),
    )
  })

  test('a cache that missed a booking still lets no second booking through: the database decides', async () => {
    const slot = '11:00 AM - 11:30 AM'
    expect(await freeSlots(second, DATE)).toContain(slot)
    const early = await createAccount(first)
    const late = await createAccount(second)
    // Triggers off for this one insert: no announcement, so the second server's cache is stale.
    await first.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      await tx.execute(sql`
        INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
          treatment_name, slot_label, price_tk, patient_name, phone)
        SELECT ${early.id}, t.id, s.id, ${DATE}::date, starts, starts + interval '30 minutes',
          t.name, ${slot}, t.price_tk, 'Early Patient', '+880 1700 000000'
        FROM treatments t JOIN treatment_slots s ON s.treatment_id = t.id,
          LATERAL (SELECT (${DATE}::date + s.starts_at) AT TIME ZONE 'Asia/Dhaka' AS starts) AS slot_start
        WHERE t.name = 'Teeth Cleaning' AND s.starts_at = '11:00'`)
    })
    expect(await freeSlots(second, DATE)).toContain(slot)
    const refused = await book(second, late, { appointmentDate: DATE, slot })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('SLOT_TAKEN')
  })

  test('a listener that lost its connection reconnects, and forgets everything it may have missed', async () => {
    const slot = '11:30 AM - 12:00 PM'
    expect(await freeSlots(second, DATE)).toContain(slot)
    // Announced to no one: the second server's cache is now stale.
    await first.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      await tx.execute(sql`DELETE FROM treatment_slots WHERE starts_at = '11:30'`)
    })
    expect(await freeSlots(second, DATE)).toContain(slot)
    await first.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`,
    )
    await eventually(async () => expect(await freeSlots(second, DATE)).not.toContain(slot))
    await eventually(async () => expect(second.database.listening).toBe(true))
    const patient = await createAccount(first)
    expect(
      (await book(first, patient, { appointmentDate: DATE, slot: '12:00 PM - 12:30 PM' })).statusCode,
    ).toBe(201)
    await eventually(async () => expect(await freeSlots(second, DATE)).not.toContain('12:00 PM - 12:30 PM'))
  })
})
