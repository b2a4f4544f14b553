import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../../db/client'
import { bookings } from '../../db/schema'
import { addBookingHistory } from '../../test/booking-history'
import { book, CLINIC_ZONES, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { planOf } from '../../test/query-plan'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { listBookings } from './repository'

describe.each(CLINIC_ZONES)('my bookings in %s', (zone) => {
  let app: FastifyInstance
  const clock = testClock(zone, TODAY, '09:10')
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: clock.now })
  })
  afterAll(() => app.close())

  const list = (patient: TestAccount, email = patient.email) =>
    app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(email)}`,
      headers: patient.headers,
    })
  const get = (account: TestAccount, id: string) =>
    app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: account.headers })
  const cancel = (account: TestAccount, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: account.headers })
  const idOf = async (res: ReturnType<typeof book>) => (await res).json().bookings.insertedId as string

  test('lists only my own bookings, upcoming first, with the fields of the spec and their status', async () => {
    const patient = await createAccount(app, { name: 'Amina Rahman' })
    await book(app, await createAccount(app), { appointmentDate: day(2), slot: '08:00 AM - 08:30 AM' })
    clock.at(day(-2), '09:00')
    const past = await idOf(book(app, patient, { appointmentDate: day(-1), treatmentName: 'Oral Surgery' }))
    clock.at(TODAY, '09:10')
    const later = await idOf(book(app, patient, { appointmentDate: day(5) }))
    const soon = await idOf(book(app, patient, { appointmentDate: day(2), phone: '01700-000000' }))
    const dropped = await idOf(book(app, patient, { appointmentDate: day(3) }))
    expect((await cancel(patient, dropped)).statusCode).toBe(200)

    const res = await list(patient, patient.email.toUpperCase())
    expect(res.statusCode).toBe(200)
    const mine = res.json().bookings
    expect(mine.map((b: { _id: string }) => b._id)).toEqual([soon, later, dropped, past])
    expect(mine[0]).toEqual({
      _id: soon,
      patientName: 'Amina Rahman',
      treatmentName: 'Teeth Cleaning',
      appointmentDate: day(2),
      slot: '10:00 AM - 10:30 AM',
      price: 800,
      paid: false,
      refunded: false,
      email: patient.email,
      phone: '+8801700000000',
      status: 'booked',
      startsAt: expect.stringMatching(/Z$/),
    })
    expect(mine[2].status).toBe('cancelled')
  })

  test("someone else's list is a 403", async () => {
    const patient = await createAccount(app)
    const other = await createAccount(app)
    expect(refusal(await list(patient, other.email))).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(refusal(await app.inject({ method: 'GET', url: `/api/bookings?email=${patient.email}` }))).toEqual(
      {
        status: 401,
        code: 'UNAUTHORIZED',
      },
    )
  })

  test('a booking is visible to its patient and to admins; to anyone else it does not exist', async () => {
    const patient = await createAccount(app)
    const id = await idOf(book(app, patient, { appointmentDate: day(6) }))
    expect((await get(patient, id)).json()).toMatchObject({
      _id: id,
      treatmentName: 'Teeth Cleaning',
      price: 800,
    })
    expect((await get(await createAdmin(app), id)).statusCode).toBe(200)
    for (const [account, bookingId] of [
      [await createAccount(app), id],
      [patient, 'not-a-uuid'],
      [patient, '00000000-0000-4000-8000-000000000000'],
      [patient, "1' OR '1'='1"],
    ] as const) {
      const res = await get(account, encodeURIComponent(bookingId))
      // One answer for all, so that the ids of others cannot be probed.
      expect(res.statusCode, bookingId).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Booking not found.' })
    }
  })

  test('cancelling frees the slot at once; the booking stays in the history', async () => {
    const patient = await createAccount(app)
    const slot = '02:00 PM - 02:30 PM'
    const id = await idOf(book(app, patient, { appointmentDate: day(7), slot }))
    expect(await freeSlots(app, day(7))).not.toContain(slot)
    const res = await cancel(patient, id)
    expect(res.statusCode).toBe(200)
    expect(res.json().booking).toMatchObject({ _id: id, status: 'cancelled', slot })
    expect(await freeSlots(app, day(7))).toContain(slot)
    const next = await book(app, await createAccount(app), { appointmentDate: day(7), slot })
    expect(next.statusCode).toBe(201)
    expect(
      await idOf(book(app, patient, { appointmentDate: day(7), slot: '03:00 PM - 03:30 PM' })),
    ).toBeTruthy()
    expect((await list(patient)).json().bookings.map((b: { status: string }) => b.status)).toEqual([
      'booked',
      'cancelled',
    ])
  })

  test('only my own upcoming, unpaid, active bookings can be cancelled', async () => {
    const patient = await createAccount(app)
    const id = await idOf(book(app, patient, { appointmentDate: day(8) }))
    expect(refusal(await cancel(await createAccount(app), id))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await cancel(await createAdmin(app), id))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await cancel(patient, 'nope'))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect((await cancel(patient, id)).statusCode).toBe(200)
    expect((await cancel(patient, id)).json()).toEqual({
      code: 'ALREADY_CANCELLED',
      message: 'This booking is already cancelled.',
    })

    const paid = await idOf(book(app, patient, { appointmentDate: day(9) }))
    await app.database.db.update(bookings).set({ paid: true }).where(eq(bookings.id, paid))
    const refusedPaid = await cancel(patient, paid)
    expect(refusedPaid.statusCode).toBe(409)
    expect(refusedPaid.json()).toEqual({
      code: 'BOOKING_PAID',
      message:
        'A paid booking cannot be cancelled online. Please call the clinic on +1 (212) 555-0147 (8.00AM to 6.00PM).',
    })

    const today = await idOf(book(app, patient, { appointmentDate: TODAY, slot: '11:00 AM - 11:30 AM' }))
    clock.at(TODAY, '11:00')
    const started = await cancel(patient, today)
    clock.at(TODAY, '09:10')
    expect(started.statusCode).toBe(409)
    expect(started.json()).toEqual({
      code: 'BOOKING_STARTED',
      message: 'This appointment has already started and can no longer be cancelled.',
    })
  })
})

describe('My Appointment at a clinic of any size', () => {
  test("a patient's bookings are looked up in bookings_user_idx, not found among every booking", async () => {
    const database = await createTestDatabase()
    try {
      const [patient] = await addBookingHistory(database.db, 60, 50)
      const read = (db: Db) => listBookings(db, patient as string, new Date())
      expect(await planOf(database.db, read)).toContain('bookings_user_idx')
    } finally {
      await database.close()
    }
  })
})
