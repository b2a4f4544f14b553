import { PHONE_MESSAGES } from '@shared/phone'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bookings } from '../../db/schema'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:00').now })
})
afterAll(() => app.close())

const idOf = (res: {
  statusCode: number
  body: string
  json: () => { bookings: { insertedId: string } }
}) => {
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
  return res.json().bookings.insertedId
}

test("'abc' is no phone number: refused with a message the patient can act on, nothing booked", async () => {
  const patient = await createAccount(app)
  const res = await book(app, patient, { appointmentDate: day(2), phone: 'abc' })
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'VALIDATION', message: PHONE_MESSAGES.invalid })
  expect(await app.database.db.select().from(bookings).where(eq(bookings.userId, patient.id))).toEqual([])
})

test('a Bangladeshi number written nationally is stored and answered in E.164', async () => {
  const patient = await createAccount(app)
  const id = idOf(await book(app, patient, { appointmentDate: day(2), phone: '01712345678' }))
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  expect(row?.phone).toBe('+8801712345678')
  const read = await app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: patient.headers })
  expect(read.json().phone).toBe('+8801712345678')
})

test('a free-text phone stored before numbers were checked is still listed and exported as it is', async () => {
  const patient = await createAccount(app)
  const admin = await createAdmin(app)
  const id = idOf(await book(app, patient, { appointmentDate: day(3), slot: '08:00 AM - 08:30 AM' }))
  await app.database.db.update(bookings).set({ phone: 'call after 5' }).where(eq(bookings.id, id))

  const mine = await app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: patient.headers })
  expect(mine.json().phone).toBe('call after 5')
  const agenda = await app.inject({
    method: 'GET',
    url: `/api/agenda?date=${day(3)}`,
    headers: admin.headers,
  })
  expect(agenda.json().bookings.find((b: { _id: string }) => b._id === id).phone).toBe('call after 5')
  const csv = await app.inject({
    method: 'GET',
    url: `/api/agenda.csv?date=${day(3)}`,
    headers: admin.headers,
  })
  expect(csv.statusCode).toBe(200)
  expect(csv.body).toContain('"call after 5"')
})
