import { afterAll, expect, test, vi } from 'vitest'
import { book, cancelBooking, day, joinWaitlist, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin } from '../../test/factories'
import { createTreatment } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const clock = testClock('Asia/Dhaka', TODAY, '08:00')
const mail = captureMail()
const app = await createTestApp({}, { now: clock.now, mailer: mail })
afterAll(() => app.close())

test('a cancelled slot is offered to the first in line within seconds, not at the job’s next minute', async () => {
  const admin = await createAdmin(app)
  const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
  const slot = { treatmentName: treatment.name, appointmentDate: day(1), slot: '10:00 AM - 10:30 AM' }
  const holder = await createAccount(app)
  const booked = await book(app, holder, slot)
  expect(booked.statusCode, booked.body).toBe(201)
  const waiting = await createAccount(app)
  const joined = await joinWaitlist(app, waiting, treatment._id, day(1))
  expect(joined.statusCode, joined.body).toBe(201)

  const cancelled = await cancelBooking(app, holder, booked.json().bookings.insertedId)
  expect(cancelled.statusCode, cancelled.body).toBe(200)
  await vi.waitFor(
    () =>
      expect(
        mail.sent.filter((m) => m.to === waiting.email && m.subject.startsWith('A slot freed up')),
      ).toHaveLength(1),
    { timeout: 10_000, interval: 100 },
  )
})
