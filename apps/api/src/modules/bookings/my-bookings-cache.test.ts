import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, type TestAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

/**
 * My Appointment is kept between requests (decision 0047). Each change below is written straight
 * into the database, as another server or an admin in psql would write it, after the list was
 * read: only the database's announcements can tell this server that its kept list is out of date.
 */
describe('a kept My Appointment list shows every change written after it was read', () => {
  let app: FastifyInstance
  const clock = testClock('Asia/Dhaka', TODAY, '09:00')
  beforeAll(async () => {
    app = await createTestApp({}, { now: clock.now })
  })
  afterAll(() => app.close())

  const run = (query: ReturnType<typeof sql>) => app.database.db.execute(query)
  async function listOf(patient: TestAccount, email = patient.email) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(email)}`,
      headers: patient.headers,
    })
    expect(res.statusCode).toBe(200)
    return res.json().bookings as { _id: string; status: string; paid: boolean; refunded: boolean }[]
  }
  async function bookedOn(patient: TestAccount, date: string, slot = '10:00 AM - 10:30 AM') {
    const res = await book(app, patient, { appointmentDate: date, slot })
    expect(res.statusCode).toBe(201)
    return res.json().bookings.insertedId as string
  }

  test('a cancellation, and a booking removed', async () => {
    const patient = await createAccount(app)
    const id = await bookedOn(patient, day(2))
    expect((await listOf(patient)).map((b) => b.status)).toEqual(['booked'])
    await run(sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE id = ${id}::uuid`)
    expect((await listOf(patient)).map((b) => b.status)).toEqual(['cancelled'])
    await run(sql`DELETE FROM bookings WHERE id = ${id}::uuid`)
    expect(await listOf(patient)).toEqual([])
  })

  test('a payment, then its refund', async () => {
    const patient = await createAccount(app)
    const id = await bookedOn(patient, day(3))
    expect((await listOf(patient))[0]).toMatchObject({ paid: false, refunded: false })
    await run(sql`INSERT INTO payments (booking_id, provider, transaction_id, amount_minor, currency, created_at)
      VALUES (${id}::uuid, 'sandbox', ${`pi_${id}`}, 80000, 'bdt', ${clock.now().toISOString()}::timestamptz)`)
    expect((await listOf(patient))[0]).toMatchObject({ paid: true, refunded: false })
    await run(sql`UPDATE payments SET status = 'refunded', amount_refunded_minor = 80000, refunded_at = now()
      WHERE booking_id = ${id}::uuid`)
    expect((await listOf(patient))[0]).toMatchObject({ paid: false, refunded: true })
  })

  test('a new e-mail address', async () => {
    const patient = await createAccount(app)
    await bookedOn(patient, day(4))
    expect((await listOf(patient))[0]).toMatchObject({ email: patient.email })
    await run(sql`UPDATE users SET email = 'renamed-' || email WHERE id = ${patient.id}::uuid`)
    const renamed = `renamed-${patient.email}`
    expect((await listOf(patient, renamed))[0]).toMatchObject({ email: renamed })
  })

  test('another patient’s change leaves the list kept, and the list stays theirs alone', async () => {
    const [patient, other] = [await createAccount(app), await createAccount(app)]
    const mine = await bookedOn(patient, day(5))
    await bookedOn(other, day(5), '11:00 AM - 11:30 AM')
    expect((await listOf(patient)).map((b) => b._id)).toEqual([mine])
    await run(
      sql`UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE user_id = ${other.id}::uuid`,
    )
    expect((await listOf(patient)).map((b) => b._id)).toEqual([mine])
  })

  test('an appointment whose start passes moves from upcoming to the history, and back', async () => {
    const patient = await createAccount(app)
    const soon = await bookedOn(patient, day(6), '09:00 AM - 09:30 AM')
    const later = await bookedOn(patient, day(7))
    expect((await listOf(patient)).map((b) => b._id)).toEqual([soon, later])
    clock.at(day(6), '09:10')
    expect((await listOf(patient)).map((b) => b._id)).toEqual([later, soon])
    // A clock set back (a test's, or a server's corrected one) reads the list again too.
    clock.at(TODAY, '09:00')
    expect((await listOf(patient)).map((b) => b._id)).toEqual([soon, later])
  })
})
