import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookings, users } from '../../db/schema'
import { closeClinic, day, TODAY, testClock } from '../../test/booking-kit'
import { namedStatements } from '../../test/prepared-statements'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { warmUpBookings } from './warm-up'

let app: FastifyInstance
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
})
afterAll(() => app.close())

async function rowCounts() {
  const [booked] = await app.database.db.select({ n: count() }).from(bookings)
  const [warmUpUsers] = await app.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.email, 'warm-up@example.invalid'))
  return { bookings: booked?.n, warmUpUsers: warmUpUsers?.n }
}

test('practises a booking and keeps nothing of it', async () => {
  await warmUpBookings(app.database.db, 'Asia/Dhaka', clock.now())
  expect(await rowCounts()).toEqual({ bookings: 0, warmUpUsers: 0 })
  if (testDatabaseKind === 'pglite') {
    // What the first rush after a start finds ready: the booking and the refusal, prepared.
    expect(await namedStatements(app.database.db, 'INSERT INTO bookings')).toHaveLength(1)
    expect(await namedStatements(app.database.db, 'AS "sameDay"')).toHaveLength(1)
  }
})

test('keeps nothing either when no day ahead has a free slot', async () => {
  for (let offset = 1; offset <= 14; offset++) await closeClinic(app, { holiday: day(offset) })
  await warmUpBookings(app.database.db, 'Asia/Dhaka', clock.now())
  expect(await rowCounts()).toEqual({ bookings: 0, warmUpUsers: 0 })
})
