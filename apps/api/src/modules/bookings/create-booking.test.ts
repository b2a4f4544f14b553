import { BOOKING_MESSAGES as M } from '@shared/bookings'
import { BEYOND_WINDOW_MESSAGE, DATE_FORMAT_MESSAGE, PAST_DATE_MESSAGE } from '@shared/clinic'
import { formatMediumDate, weekdayOf } from '@shared/clinic-time'
import type { ErrorCode } from '@shared/errors'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bookings } from '../../db/schema'
import { book, CLINIC_ZONES, closeClinic, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

const NOT_OFFERED = 'Please choose one of the offered time slots.'

describe.each(CLINIC_ZONES)('POST /api/bookings in %s', (zone) => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: testClock(zone, TODAY, '09:10').now })
  })
  afterAll(() => app.close())

  /** Each rule's refusal: the code a client branches on, and the words the patient reads. */
  const attempt = async (...args: Parameters<typeof book>) => {
    const res = await book(...args)
    return { status: res.statusCode, ...res.json() }
  }

  test('books for the signed-in account at the treatment fee, whatever e-mail and price the body says', async () => {
    const patient = await createAccount(app, { name: 'Amina Rahman' })
    const res = await book(app, patient, { appointmentDate: day(1), email: 'someone@else.test', price: 1 })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ bookings: { acknowledged: true, insertedId: expect.any(String) } })
    const saved = await app.inject({
      method: 'GET',
      url: `/api/booking/${res.json().bookings.insertedId}`,
      headers: patient.headers,
    })
    expect(saved.json()).toMatchObject({
      email: patient.email,
      price: 800,
      patientName: 'Amina Rahman',
      paid: false,
      status: 'booked',
    })
  })

  test('needs a signed-in patient, before looking at the body', async () => {
    for (const payload of [{}, { appointmentDate: day(1) }]) {
      const res = await app.inject({ method: 'POST', url: '/api/bookings', payload })
      expect(refusal(res)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    }
  })

  test('every field is checked with a message a person can act on', async () => {
    const patient = await createAccount(app)
    const cases: [Record<string, unknown>, ErrorCode, string][] = [
      [{ patientName: '   ' }, 'VALIDATION', 'Full Name is Required'],
      [{ patientName: 'x'.repeat(101) }, 'VALIDATION', 'The full name must be 100 characters or fewer.'],
      [{ phone: '' }, 'VALIDATION', 'Phone Number is Required'],
      [{ phone: '1'.repeat(31) }, 'VALIDATION', 'The phone number must be 30 characters or fewer.'],
      [{ phone: '017\n00' }, 'VALIDATION', 'Please use letters, digits and punctuation only.'],
      [{ phone: 'abc' }, 'VALIDATION', 'Please enter a valid phone number, such as 01712-345678.'],
      [{ appointmentDate: '2026-02-30' }, 'VALIDATION', DATE_FORMAT_MESSAGE],
      [{ slot: '' }, 'VALIDATION', 'Please choose a time slot.'],
      [{ slot: 'morning' }, 'SLOT_NOT_OFFERED', NOT_OFFERED],
      [{ slot: '08:15 AM - 08:45 AM' }, 'SLOT_NOT_OFFERED', NOT_OFFERED],
      [{ slot: '08:00 AM - 09:00 AM' }, 'SLOT_NOT_OFFERED', NOT_OFFERED],
      [{ treatmentName: 'Hair Cut' }, 'TREATMENT_NOT_OFFERED', 'This treatment is not offered.'],
      [{ appointmentDate: day(-1) }, 'DATE_PAST', PAST_DATE_MESSAGE],
      [{ appointmentDate: day(61) }, 'DATE_BEYOND_WINDOW', BEYOND_WINDOW_MESSAGE],
      [
        { appointmentDate: TODAY, slot: '09:00 AM - 09:30 AM' },
        'SLOT_STARTED',
        'This time slot has already started. Please choose a later one.',
      ],
    ]
    for (const [overrides, code, message] of cases) {
      expect(await attempt(app, patient, overrides), JSON.stringify(overrides)).toEqual({
        status: 400,
        code,
        message,
      })
    }
    const withoutName = {
      appointmentDate: day(1),
      treatmentName: 'Teeth Cleaning',
      slot: '10:00 AM - 10:30 AM',
      phone: '01712345678',
    }
    const missing = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: patient.headers,
      payload: withoutName,
    })
    expect(missing.json()).toEqual({ code: 'VALIDATION', message: 'Full Name is Required' })
    for (const payload of [
      '[]',
      '"booking"',
      JSON.stringify({ ...withoutName, patientName: 'A', price: '800' }),
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { ...patient.headers, 'content-type': 'application/json' },
        payload,
      })
      expect(refusal(res), payload).toEqual({ status: 400, code: 'VALIDATION' })
      expect(res.json().message, payload).toMatch(
        /^(The booking details are missing\.|The price must be a number\.)$/,
      )
    }
    expect(await app.database.db.select().from(bookings).where(eq(bookings.userId, patient.id))).toEqual([])
  })

  test("today's slots that have not started yet can be booked", async () => {
    const patient = await createAccount(app)
    expect(
      (await book(app, patient, { appointmentDate: TODAY, slot: '09:30 AM - 10:00 AM' })).statusCode,
    ).toBe(201)
  })

  test('a day the clinic is closed is refused', async () => {
    const patient = await createAccount(app)
    await closeClinic(app, { holiday: day(20), weekday: weekdayOf(day(22)) })
    for (const date of [day(20), day(22)]) {
      expect(await attempt(app, patient, { appointmentDate: date })).toEqual({
        status: 400,
        code: 'CLINIC_CLOSED',
        message: `The clinic is closed on ${formatMediumDate(date)}. Please choose another day.`,
      })
    }
  })

  test('a slot already taken is a 409', async () => {
    const date = day(2)
    expect((await book(app, await createAccount(app), { appointmentDate: date })).statusCode).toBe(201)
    expect(await attempt(app, await createAccount(app), { appointmentDate: date })).toEqual({
      status: 409,
      code: 'SLOT_TAKEN',
      message: 'This slot was just booked. Please choose another.',
    })
  })

  test('a second booking of the same treatment on the same day is a 409 naming the treatment and date', async () => {
    const patient = await createAccount(app)
    const date = day(3)
    expect(
      (await book(app, patient, { appointmentDate: date, slot: '08:00 AM - 08:30 AM' })).statusCode,
    ).toBe(201)
    expect(await attempt(app, patient, { appointmentDate: date, slot: '03:00 PM - 03:30 PM' })).toEqual({
      status: 409,
      code: 'ALREADY_BOOKED_THAT_DAY',
      message: `You already have a booking for Teeth Cleaning on ${formatMediumDate(date)}`,
    })
    expect(
      (await book(app, patient, { appointmentDate: day(4), slot: '03:00 PM - 03:30 PM' })).statusCode,
    ).toBe(201)
  })

  test('two appointments of one patient cannot overlap, but may follow each other', async () => {
    const patient = await createAccount(app)
    const date = day(5)
    expect(
      (await book(app, patient, { appointmentDate: date, slot: '11:00 AM - 11:30 AM' })).statusCode,
    ).toBe(201)
    expect(
      await attempt(app, patient, {
        appointmentDate: date,
        treatmentName: 'Oral Surgery',
        slot: '11:00 AM - 11:30 AM',
      }),
    ).toEqual({ status: 409, code: 'OVERLAPPING_BOOKING', message: M.overlap })
    const next = await book(app, patient, {
      appointmentDate: date,
      treatmentName: 'Oral Surgery',
      slot: '11:30 AM - 12:00 PM',
    })
    expect(next.statusCode).toBe(201)
  })
})
