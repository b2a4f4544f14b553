import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { treatments } from '../../db/schema'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

/**
 * The agenda is kept between requests (decision 0046). Each change below is written straight
 * into the database, as another server or an admin in psql would write it, after the day was
 * read: only the database's announcements can tell this server that its kept day is out of date.
 */
describe('a kept agenda day shows every change written after it was read', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const clock = testClock('Asia/Dhaka', TODAY, '09:00')
  beforeAll(async () => {
    app = await createTestApp({}, { now: clock.now })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const run = (query: ReturnType<typeof sql>) => app.database.db.execute(query)
  async function agendaOf(date: string) {
    const res = await app.inject({ method: 'GET', url: `/api/agenda?date=${date}`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    return res.json()
  }
  async function bookedOn(date: string) {
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: date, slot: '10:00 AM - 10:30 AM' })
    expect(res.statusCode).toBe(201)
    return { patient, id: res.json().bookings.insertedId as string }
  }

  test('a patient’s new e-mail address', async () => {
    const { patient } = await bookedOn(day(2))
    expect((await agendaOf(day(2))).bookings[0].email).toBe(patient.email)
    await run(sql`UPDATE users SET email = 'renamed-' || email WHERE id = ${patient.id}::uuid`)
    expect((await agendaOf(day(2))).bookings[0].email).toBe(`renamed-${patient.email}`)
  })

  test('a payment, then a partial refund that leaves the booking paid', async () => {
    const { id } = await bookedOn(day(3))
    expect((await agendaOf(day(3))).bookings[0]).toMatchObject({ paid: false, refunded: 0 })
    await run(sql`INSERT INTO payments (booking_id, provider, transaction_id, amount_minor, currency, created_at)
      VALUES (${id}::uuid, 'sandbox', ${`pi_${id}`}, 80000, 'bdt', ${clock.now().toISOString()}::timestamptz)`)
    expect((await agendaOf(day(3))).bookings[0]).toMatchObject({ paid: true, refunded: 0 })
    await run(sql`UPDATE payments SET amount_refunded_minor = 20000 WHERE booking_id = ${id}::uuid`)
    expect((await agendaOf(day(3))).bookings[0]).toMatchObject({ paid: true, refunded: 200 })
  })

  test('a reminder written, its mail sent, then removed by the retention job', async () => {
    const { id } = await bookedOn(day(4))
    expect((await agendaOf(day(4))).bookings[0].reminders).toEqual([])
    await run(sql`WITH written AS (
        INSERT INTO booking_reminders (booking_id, hours_before, outbox_id)
        VALUES (${id}::uuid, 24, gen_random_uuid()) RETURNING booking_id, outbox_id)
      INSERT INTO outbox (id, kind, booking_id) SELECT outbox_id, 'booking_reminder', booking_id FROM written`)
    expect((await agendaOf(day(4))).bookings[0].reminders).toEqual([{ hoursBefore: 24, state: 'waiting' }])
    await run(
      sql`UPDATE outbox SET sent_at = now() WHERE booking_id = ${id}::uuid AND kind = 'booking_reminder'`,
    )
    expect((await agendaOf(day(4))).bookings[0].reminders).toEqual([{ hoursBefore: 24, state: 'sent' }])
    await run(sql`DELETE FROM outbox WHERE booking_id = ${id}::uuid AND kind = 'booking_reminder'`)
    expect((await agendaOf(day(4))).bookings[0].reminders).toEqual([])
  })

  test('a patient joining the waitlist, and leaving it', async () => {
    const [first] = await app.database.db.select().from(treatments).orderBy(treatments.position).limit(1)
    if (!first) throw new Error('the demo clinic has treatments')
    const patient = await createAccount(app)
    expect((await agendaOf(day(5))).waitlist).toEqual([])
    await run(sql`INSERT INTO waitlist_entries (user_id, treatment_id, appointment_date, phone)
      VALUES (${patient.id}::uuid, ${first.id}::uuid, ${day(5)}::date, '01700000000')`)
    expect((await agendaOf(day(5))).waitlist).toEqual([{ treatmentName: first.name, waiting: 1 }])
    await run(sql`DELETE FROM waitlist_entries WHERE user_id = ${patient.id}::uuid`)
    expect((await agendaOf(day(5))).waitlist).toEqual([])
  })

  test('a booking’s attendance and cancellation, and a closed day', async () => {
    const { id } = await bookedOn(day(6))
    expect((await agendaOf(day(6))).bookings[0].attendance).toBeNull()
    await run(sql`UPDATE bookings SET attendance = 'attended' WHERE id = ${id}::uuid`)
    expect((await agendaOf(day(6))).bookings[0].attendance).toBe('attended')
    await run(sql`INSERT INTO clinic_holidays (date, reason) VALUES (${day(6)}::date, 'Eid')`)
    expect((await agendaOf(day(6))).closed).toMatchObject({ reason: 'Eid' })
    await run(
      sql`UPDATE bookings SET status = 'cancelled', attendance = NULL, attendance_marked_at = NULL WHERE id = ${id}::uuid`,
    )
    expect((await agendaOf(day(6))).bookings).toEqual([])
  })
})
