import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAdmin, signUp } from '../../test/factories'
import { login } from '../../test/me-kit'
import { payWithSandbox, pricedBooking } from '../../test/payment-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { audit } from '../audit'

let app: FastifyInstance
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
})
afterAll(() => app.close())

const exportMyData = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/me/export', headers })

test('download my data: profile, bookings and the audit entries about me, as an attachment', async () => {
  const patient = await signUp(app, { name: 'Amina Rahman' })
  const bystander = await signUp(app)
  expect((await book(app, patient, { appointmentDate: day(2), phone: '01700-111111' })).statusCode).toBe(201)
  expect((await book(app, bystander, { appointmentDate: day(3) })).statusCode).toBe(201)
  await login(app, patient.email, 'Wrong!Pass1')

  const res = await exportMyData(patient.headers)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-disposition']).toBe('attachment; filename="doctors-portal-my-data.json"')
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  const data = res.json()
  expect(Date.parse(data.exportedAt)).not.toBeNaN()
  expect(data.profile).toMatchObject({
    id: patient.id,
    name: 'Amina Rahman',
    email: patient.email,
    role: 'patient',
    emailVerified: false,
    hasPassword: true,
    hasGoogle: false,
  })
  expect(data.bookings).toHaveLength(1)
  expect(data.bookings[0]).toMatchObject({
    treatmentName: 'Teeth Cleaning',
    appointmentDate: day(2),
    patientName: 'Amina Rahman',
    phone: '+8801700111111',
    status: 'booked',
    paid: false,
  })
  const events = data.auditEntries.map((entry: { event: string }) => entry.event)
  expect(events).toEqual(expect.arrayContaining(['account_created', 'login_failed']))
  expect(data.auditEntries[0]).toEqual({
    event: expect.any(String),
    at: expect.any(String),
    address: expect.any(String),
    detail: expect.anything(),
  })
  expect(data.payments).toEqual([])
  expect(res.body).not.toContain(bystander.email)
  expect(res.body).not.toMatch(/argon2|hash|token|sessionId/i)
})

test('my payments are in my data: amount, status, card brand and last four, never the card number', async () => {
  const { patient, bookingId } = await pricedBooking(app, 4)
  const { transactionId } = await payWithSandbox(app, patient, bookingId)
  const stranger = await pricedBooking(app, 5)
  await payWithSandbox(app, stranger.patient, stranger.bookingId)
  const data = (await exportMyData(patient.headers)).json()
  expect(data.payments).toEqual([
    {
      bookingId,
      transactionId,
      amount: 800,
      currency: 'bdt',
      status: 'succeeded',
      card: 'visa 4242',
      paidAt: expect.any(String),
      refundedAt: null,
    },
  ])
})

test("my data holds my own addresses only, not the front desk's nor a stranger's", async () => {
  const patient = await signUp(app)
  const admin = await createAdmin(app)
  await audit(app.database.db, {
    event: 'attendance_marked',
    userId: patient.id,
    actorId: admin.id,
    address: '203.0.113.7',
    detail: { attendance: 'attended' },
  })
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: 'Wrong!Pass1' },
    remoteAddress: '198.51.100.99',
  })
  const data = (await exportMyData(patient.headers)).json()
  const byEvent = (event: string) =>
    data.auditEntries.find((entry: { event: string }) => entry.event === event)
  expect(byEvent('attendance_marked')).toMatchObject({ address: null })
  expect(byEvent('login_failed')).toMatchObject({ address: null })
  expect(byEvent('account_created').address).toMatch(/^127\./)
  expect(JSON.stringify(data)).not.toMatch(/203\.0\.113\.7|198\.51\.100\.99/)
})

test('signed out, there is nothing to download', async () => {
  expect(refusal(await exportMyData({}))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})
