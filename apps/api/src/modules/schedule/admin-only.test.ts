import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTreatment, optionOf, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const ID = '00000000-0000-4000-8000-000000000000'
const ROUTES = [
  ['GET', ''],
  ['POST', '/treatments', { name: 'Sneaky', price: 1 }],
  ['PATCH', `/treatments/${ID}`, { price: 1 }],
  ['GET', `/treatments/${ID}/impact`],
  ['DELETE', `/treatments/${ID}?affectedBookings=cancel`],
  ['POST', `/treatments/${ID}/slots`, { start: '10:00', minutes: 30 }],
  ['GET', `/slots/${ID}/impact`],
  ['DELETE', `/slots/${ID}?affectedBookings=cancel`],
  ['GET', '/closed-weekdays/impact?weekdays=1'],
  ['PUT', '/closed-weekdays', { weekdays: [0, 1, 2, 3, 4, 5, 6], affectedBookings: 'cancel' }],
  ['GET', `/holidays/${day(3)}/impact`],
  ['POST', '/holidays', { date: day(3), affectedBookings: 'cancel' }],
  ['DELETE', `/holidays/${day(3)}`],
] as const

describe('the schedule routes are for admins only', () => {
  let app: FastifyInstance
  let patient: TestAccount
  beforeAll(async () => {
    app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:10').now })
    patient = await createAccount(app)
  })
  afterAll(() => app.close())

  test.each(ROUTES)(
    '%s %s: 401 signed out, 403 for a patient, and nothing changes',
    async (method, path, body?) => {
      expect(refusal(await scheduleCall(app, null, method, path, body))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      })
      expect(refusal(await scheduleCall(app, patient, method, path, body))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      })
    },
  )

  test("a patient's refused change leaves the clinic as it was", async () => {
    const admin = await createAdmin(app)
    const treatment = await createTreatment(app, admin)
    await scheduleCall(app, patient, 'DELETE', `/treatments/${treatment._id}?affectedBookings=cancel`)
    await scheduleCall(app, patient, 'DELETE', `/slots/${treatment.slots[0]?._id}?affectedBookings=cancel`)
    expect((await optionOf(app, day(3), treatment.name))?.slots).toEqual(['10:00 AM - 10:30 AM'])
  })
})
