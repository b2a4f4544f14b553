import { BOOKING_MESSAGES } from '@shared/bookings'
import { addDays, weekdayOf } from '@shared/clinic-time'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bookings } from '../../db/schema'
import { book } from '../../test/booking-kit'
import { createAccount, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp, testConfig } from '../../test/test-app'

// The real clock: the database counts "upcoming" with its own now(), so the test clock of the
// other booking tests (a fixed day) would leave every booking in the past here.
async function openDays(app: FastifyInstance, count: number): Promise<string[]> {
  const calendar = (await app.inject({ method: 'GET', url: '/api/clinicCalendar' })).json()
  const days: string[] = []
  for (let offset = 1; days.length < count; offset++) {
    const date = addDays(calendar.today, offset)
    if (!calendar.closedWeekdays.includes(weekdayOf(date)) && !calendar.holidays.includes(date))
      days.push(date)
  }
  return days
}

const rowsOf = (app: FastifyInstance, patient: TestAccount) =>
  app.database.db.select().from(bookings).where(eq(bookings.userId, patient.id))

/** Each test books its own slot, so that the tests' patients never take each other's. */
const bookDays = (app: FastifyInstance, patient: TestAccount, days: string[], slot: string) =>
  Promise.all(days.map((appointmentDate) => book(app, patient, { appointmentDate, slot })))

describe('at most MAX_UPCOMING_BOOKINGS upcoming bookings per patient (default 4)', () => {
  let app: FastifyInstance
  let days: string[]
  beforeAll(async () => {
    app = await createTestApp()
    days = await openDays(app, 12)
  })
  afterAll(() => app.close())

  test('the 5th upcoming booking is refused with the limit in the message', async () => {
    const patient = await createAccount(app)
    for (const appointmentDate of days.slice(0, 4))
      expect((await book(app, patient, { appointmentDate })).statusCode).toBe(201)
    const fifth = await book(app, patient, { appointmentDate: days[4] })
    expect(fifth.statusCode).toBe(409)
    expect(fifth.json()).toEqual({
      code: 'TOO_MANY_UPCOMING_BOOKINGS',
      message: 'You already have 4 upcoming appointments. Cancel one to book another.',
    })
    expect(await rowsOf(app, patient)).toHaveLength(4)
  })

  test('cancelling one lets the patient book again', async () => {
    const patient = await createAccount(app)
    const slot = '10:30 AM - 11:00 AM'
    const held = await bookDays(app, patient, days.slice(0, 4), slot)
    expect(held.map((res) => res.statusCode)).toEqual([201, 201, 201, 201])
    expect(refusal(await book(app, patient, { appointmentDate: days[4], slot }))).toEqual({
      status: 409,
      code: 'TOO_MANY_UPCOMING_BOOKINGS',
    })
    const id = held[0]?.json().bookings.insertedId
    const cancelled = await app.inject({
      method: 'DELETE',
      url: `/api/bookings/${id}`,
      headers: patient.headers,
    })
    expect(cancelled.statusCode).toBe(200)
    expect((await book(app, patient, { appointmentDate: days[4], slot })).statusCode).toBe(201)
  })

  test('at the limit, a repeated submit still gets its booking, and a reused key its 422', async () => {
    const patient = await createAccount(app)
    const slot = '01:00 PM - 01:30 PM'
    const key = { 'idempotency-key': 'fourth' }
    await bookDays(app, patient, days.slice(0, 3), slot)
    const fourth = await book(app, patient, { appointmentDate: days[3], slot }, key)
    expect(fourth.statusCode).toBe(201)
    const again = await book(app, patient, { appointmentDate: days[3], slot }, key)
    expect(again.json()).toEqual(fourth.json())
    const otherDay = await book(app, patient, { appointmentDate: days[4], slot }, key)
    expect(refusal(otherDay)).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' })
  })

  test('10 simultaneous bookings of different slots by one fresh account: exactly 4 succeed', async () => {
    const patient = await createAccount(app)
    const results = await bookDays(app, patient, days.slice(0, 10), '11:00 AM - 11:30 AM')
    const statuses = results.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(4)
    expect(statuses.filter((status) => status === 409)).toHaveLength(6)
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json().code).toBe('TOO_MANY_UPCOMING_BOOKINGS')
    expect(await rowsOf(app, patient)).toHaveLength(4)
  })

  test('in one rush, only the patient over the limit is refused; the others get their bookings', async () => {
    const full = await createAccount(app)
    const slot = '11:30 AM - 12:00 PM'
    await bookDays(app, full, days.slice(0, 4), slot)
    const others = await Promise.all(Array.from({ length: 5 }, () => createAccount(app)))
    const slots = ['08:00 AM - 08:30 AM', '08:30 AM - 09:00 AM', '09:00 AM - 09:30 AM']
    const results = await Promise.all([
      ...others.map((patient, i) => book(app, patient, { appointmentDate: days[8], slot: slots[i % 3] })),
      book(app, full, { appointmentDate: days[9], slot }),
    ])
    const overLimit = results.pop()
    expect(overLimit?.statusCode).toBe(409)
    expect(overLimit?.json().code).toBe('TOO_MANY_UPCOMING_BOOKINGS')
    // Two patients asked for each of two slots: one of each pair got it, the other was told why not.
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 409, 409])
    for (const res of results.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('SLOT_TAKEN')
  })

  test('more than 20 booking attempts in a minute by one account are a 429', async () => {
    const patient = await createAccount(app)
    const slot = '12:00 PM - 12:30 PM'
    for (let i = 0; i < 20; i++)
      expect((await book(app, patient, { appointmentDate: days[i % 12], slot })).statusCode).not.toBe(429)
    const limited = await book(app, patient, { appointmentDate: days[11], slot })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: BOOKING_MESSAGES.tooManyAttempts })
    const other = await createAccount(app)
    expect(
      (await book(app, other, { appointmentDate: days[11], slot: '12:30 PM - 01:00 PM' })).statusCode,
    ).toBe(201)
  })
})

describe('MAX_UPCOMING_BOOKINGS=2', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ MAX_UPCOMING_BOOKINGS: '2' })
  })
  afterAll(() => app.close())

  test('the 3rd upcoming booking is refused', async () => {
    const patient = await createAccount(app)
    const days = await openDays(app, 3)
    expect((await book(app, patient, { appointmentDate: days[0] })).statusCode).toBe(201)
    expect((await book(app, patient, { appointmentDate: days[1] })).statusCode).toBe(201)
    const third = await book(app, patient, { appointmentDate: days[2] })
    expect(third.statusCode).toBe(409)
    expect(third.json()).toEqual({
      code: 'TOO_MANY_UPCOMING_BOOKINGS',
      message: 'You already have 2 upcoming appointments. Cancel one to book another.',
    })
  })
})

test('MAX_UPCOMING_BOOKINGS must be a whole number of at least 1', () => {
  expect(testConfig().maxUpcomingBookings).toBe(4)
  for (const value of ['0', '-1', '2.5', 'four'])
    expect(() => testConfig({ MAX_UPCOMING_BOOKINGS: value }), value).toThrow(
      /^Invalid configuration: MAX_UPCOMING_BOOKINGS must be a whole number of at least 1/,
    )
})
