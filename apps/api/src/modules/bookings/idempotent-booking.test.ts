import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bookings } from '../../db/schema'
import { book, CLINIC_ZONES, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

describe.each(CLINIC_ZONES)('Idempotency-Key on POST /api/bookings in %s', (zone) => {
  let app: FastifyInstance
  const mail = captureMail()
  beforeAll(async () => {
    app = await createTestApp(
      { CLINIC_TIMEZONE: zone },
      { now: testClock(zone, TODAY, '09:10').now, mailer: mail },
    )
  })
  afterAll(() => app.close())

  const rowsOf = (userId: string) =>
    app.database.db.select().from(bookings).where(eq(bookings.userId, userId))

  test('a repeated submit returns the first booking instead of making a second', async () => {
    const patient = await createAccount(app)
    const key = { 'idempotency-key': 'submit-1' }
    const first = await book(app, patient, { appointmentDate: day(1) }, key)
    await app.outbox.drain()
    const mailsAfterFirst = mail.sent.length
    const again = await book(app, patient, { appointmentDate: day(1) }, key)
    await app.outbox.drain()
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await rowsOf(patient.id)).toHaveLength(1)
    expect(mail.sent).toHaveLength(mailsAfterFirst)
  })

  test('the same key with another treatment and slot is a 422 and books nothing', async () => {
    const patient = await createAccount(app)
    const key = { 'idempotency-key': 'reused-key' }
    const first = await book(app, patient, { appointmentDate: day(6) }, key)
    expect(first.statusCode).toBe(201)
    const other = await book(
      app,
      patient,
      { appointmentDate: day(6), treatmentName: 'Oral Surgery', slot: '03:00 PM - 03:30 PM' },
      key,
    )
    expect(other.statusCode).toBe(422)
    expect(other.json()).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different booking.',
    })
    const listed = await app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(patient.email)}`,
      headers: patient.headers,
    })
    expect(listed.json().bookings.map((b: { _id: string }) => b._id)).toEqual([
      first.json().bookings.insertedId,
    ])
  })

  test('the same key with another name or phone is a 422 too; the ignored e-mail and price are not', async () => {
    const patient = await createAccount(app)
    const key = { 'idempotency-key': 'details-key' }
    expect((await book(app, patient, { appointmentDate: day(7) }, key)).statusCode).toBe(201)
    const samePlusIgnored = await book(
      app,
      patient,
      { appointmentDate: day(7), price: 1, email: 'x@y.z' },
      key,
    )
    expect(samePlusIgnored.statusCode).toBe(201)
    for (const changed of [
      { patientName: 'Someone Else' },
      { phone: '01800 000000' },
      { appointmentDate: day(8) },
    ]) {
      const res = await book(app, patient, { appointmentDate: day(7), ...changed }, key)
      expect(refusal(res), JSON.stringify(changed)).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' })
    }
    expect(await rowsOf(patient.id)).toHaveLength(1)
  })

  test('simultaneous repeats all get the one booking', async () => {
    const patient = await createAccount(app)
    const key = { 'idempotency-key': 'double-click' }
    const results = await Promise.all(
      Array.from({ length: 10 }, () => book(app, patient, { appointmentDate: day(2) }, key)),
    )
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(201))
    const ids = new Set(results.map((res) => res.json().bookings.insertedId))
    expect(ids.size).toBe(1)
    expect(await rowsOf(patient.id)).toHaveLength(1)
  })

  test('the key belongs to its patient: another patient using the same key books separately', async () => {
    const key = { 'idempotency-key': 'shared-key' }
    const one = await book(app, await createAccount(app), { appointmentDate: day(3) }, key)
    const other = await book(
      app,
      await createAccount(app),
      { appointmentDate: day(3), slot: '11:00 AM - 11:30 AM' },
      key,
    )
    expect(other.statusCode).toBe(201)
    expect(other.json().bookings.insertedId).not.toBe(one.json().bookings.insertedId)
  })

  test('a new key is a new booking, and refusals are not remembered', async () => {
    const patient = await createAccount(app)
    const taken = await book(app, await createAccount(app), { appointmentDate: day(4) })
    expect(taken.statusCode).toBe(201)
    const refused = await book(app, patient, { appointmentDate: day(4) }, { 'idempotency-key': 'try-1' })
    expect(refusal(refused)).toEqual({ status: 409, code: 'SLOT_TAKEN' })
    const retried = await book(
      app,
      patient,
      { appointmentDate: day(4), slot: '04:00 PM - 04:30 PM' },
      { 'idempotency-key': 'try-1' },
    )
    expect(retried.statusCode).toBe(201)
  })

  test('a key that is too long or not plain ASCII is a 400', async () => {
    const patient = await createAccount(app)
    for (const key of ['k'.repeat(101), 'with space', 'clé']) {
      const res = await book(app, patient, { appointmentDate: day(5) }, { 'idempotency-key': key })
      expect(res.statusCode, key).toBe(400)
      expect(res.json()).toEqual({
        code: 'VALIDATION',
        message: 'The Idempotency-Key header must be 1 to 100 visible ASCII characters.',
      })
    }
  })
})
