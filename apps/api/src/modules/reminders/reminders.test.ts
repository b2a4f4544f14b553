import { clinicInstant } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin } from '../../test/factories'
import { createTestApp } from '../../test/test-app'
import { writeDueReminders } from './reminders'

const SLOT = '10:00 AM - 10:30 AM'

/** One server of the clinic in `zone`, with a clock the test moves and the mail it sends. */
function clinic(zone: string, env: Record<string, string> = {}) {
  const clock = testClock(zone, TODAY, '08:00')
  const mail = captureMail()
  const state = { app: undefined as unknown as FastifyInstance }
  beforeAll(async () => {
    state.app = await createTestApp({ CLINIC_TIMEZONE: zone, ...env }, { now: clock.now, mailer: mail })
  })
  afterAll(() => state.app.close())
  const rules = () => ({ hours: state.app.config.reminderHours, timeZone: zone })
  return {
    clock,
    get app() {
      return state.app
    },
    /** The reminders the job writes at the clinic's `date` and `time`, as they are mailed. */
    async remindAt(date: string, time: string) {
      clock.at(date, time)
      const before = mail.sent.length
      await writeDueReminders(state.app.database.db, rules(), clock.now())
      await state.app.outbox.drain()
      return mail.sent.slice(before).filter((m) => m.subject.startsWith('Reminder'))
    },
    async bookAt(date: string, time: string, appointmentDate: string, slot = SLOT) {
      clock.at(date, time)
      const patient = await createAccount(state.app)
      const res = await book(state.app, patient, { appointmentDate, slot })
      expect(res.statusCode, res.body).toBe(201)
      return { patient, id: res.json().bookings.insertedId as string }
    },
  }
}

describe('reminders at the default offsets (24 and 2 hours)', () => {
  const c = clinic('Asia/Dhaka')

  test('a booking gets the 24-hour and the 2-hour reminder, each once, with the .ics and the dashboard link', async () => {
    await c.bookAt(TODAY, '08:00', day(2))
    expect(await c.remindAt(day(1), '09:59')).toEqual([])
    const [first, ...more] = await c.remindAt(day(1), '10:00')
    expect(more).toEqual([])
    expect(first?.subject).toBe('Reminder: Teeth Cleaning on Jun 12, 2026, 10:00 AM - 10:30 AM')
    expect(first?.text).toContain('http://localhost:3000/dashboard')
    expect(first?.attachments?.[0]?.content).toContain('DTSTART:20260612T040000Z')
    expect(await c.remindAt(day(1), '10:01')).toEqual([])
    expect(await c.remindAt(day(2), '07:59')).toEqual([])
    expect(await c.remindAt(day(2), '08:00')).toHaveLength(1)
    expect(await c.remindAt(day(2), '09:00')).toEqual([])
    expect(await c.remindAt(day(2), '10:00')).toEqual([])
  })

  test('a cancelled booking gets none', async () => {
    const { patient, id } = await c.bookAt(TODAY, '08:00', day(3))
    const res = await c.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: patient.headers })
    expect(res.statusCode, res.body).toBe(200)
    expect(await c.remindAt(day(2), '10:00')).toEqual([])
    expect(await c.remindAt(day(3), '08:00')).toEqual([])
  })

  test('a reminder written before the booking was cancelled is not sent', async () => {
    const { patient, id } = await c.bookAt(TODAY, '08:00', day(4))
    c.clock.at(day(3), '10:00')
    expect(
      await writeDueReminders(c.app.database.db, { hours: [24, 2], timeZone: 'Asia/Dhaka' }, c.clock.now()),
    ).toBe(1)
    await c.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: patient.headers })
    expect(await c.remindAt(day(3), '10:01')).toEqual([])
  })

  test('a past booking gets none, even when the job did not run in time', async () => {
    await c.bookAt(TODAY, '08:00', day(5))
    expect(await c.remindAt(day(5), '10:00')).toEqual([])
    expect(await c.remindAt(day(6), '10:00')).toEqual([])
  })

  test('after a missed day only the latest due reminder goes out', async () => {
    await c.bookAt(TODAY, '08:00', day(7))
    expect(await c.remindAt(day(7), '08:30')).toHaveLength(1)
    expect(await c.remindAt(day(7), '09:00')).toEqual([])
  })

  test("the admin's agenda shows each booking's reminders as they are written and sent", async () => {
    const { id } = await c.bookAt(day(10), '08:00', day(12))
    const admin = await createAdmin(c.app)
    const remindersOnAgenda = async () => {
      const res = await c.app.inject({
        method: 'GET',
        url: `/api/agenda?date=${day(12)}`,
        headers: admin.headers,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().bookings.find((b: { _id: string }) => b._id === id).reminders
    }
    expect(await remindersOnAgenda()).toEqual([])
    c.clock.at(day(11), '10:00')
    await writeDueReminders(c.app.database.db, { hours: [24, 2], timeZone: 'Asia/Dhaka' }, c.clock.now())
    expect(await remindersOnAgenda()).toEqual([{ hoursBefore: 24, state: 'waiting' }])
    await c.app.outbox.drain()
    expect(await remindersOnAgenda()).toEqual([{ hoursBefore: 24, state: 'sent' }])
    await c.remindAt(day(12), '08:00')
    expect(await remindersOnAgenda()).toEqual([
      { hoursBefore: 24, state: 'sent' },
      { hoursBefore: 2, state: 'sent' },
    ])
  })

  test('a booking made inside the 24-hour window gets only the 2-hour reminder', async () => {
    await c.bookAt(day(8), '14:00', day(9))
    expect(await c.remindAt(day(8), '14:01')).toEqual([])
    expect(await c.remindAt(day(9), '08:00')).toHaveLength(1)
    expect(await c.remindAt(day(9), '09:00')).toEqual([])
  })
})

describe.each(['Asia/Dhaka', 'America/New_York'])(
  'a reminder due before the clinic midnight in %s',
  (zone) => {
    const c = clinic(zone, { REMINDER_HOURS: '9' })

    test('goes out at 23:00 the day before an 08:00 appointment', async () => {
      await c.bookAt(TODAY, '08:00', day(1), '08:00 AM - 08:30 AM')
      expect(await c.remindAt(TODAY, '22:59')).toEqual([])
      expect(await c.remindAt(TODAY, '23:00')).toHaveLength(1)
      expect(await c.remindAt(day(1), '00:00')).toEqual([])
    })
  },
)

describe('a DST change in America/New_York (back to EST on 2026-11-01)', () => {
  const zone = 'America/New_York'
  const c = clinic(zone)

  test('the 24-hour reminder comes 24 real hours before: at 10:00 EDT for 09:00 EST', async () => {
    await c.bookAt('2026-10-29', '12:00', '2026-11-01', '09:00 AM - 09:30 AM')
    expect(clinicInstant('2026-11-01', '09:00', zone).toISOString()).toBe('2026-11-01T14:00:00.000Z')
    expect(await c.remindAt('2026-10-31', '09:00')).toEqual([])
    expect(await c.remindAt('2026-10-31', '09:59')).toEqual([])
    const [reminder] = await c.remindAt('2026-10-31', '10:00')
    expect(reminder?.attachments?.[0]?.content).toContain('DTSTART:20261101T140000Z')
    expect(await c.remindAt('2026-11-01', '06:59')).toEqual([])
    expect(await c.remindAt('2026-11-01', '07:00')).toHaveLength(1)
  })
})

describe('the reminder job of a running server', () => {
  const clock = testClock('Asia/Dhaka', TODAY, '08:00')
  const mail = captureMail()
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({}, { now: clock.now, mailer: mail, reminderEveryMs: 20 })
  })
  afterAll(() => app.close())

  test('writes a due reminder by itself, and the outbox mails it', async () => {
    const patient = await createAccount(app)
    expect((await book(app, patient, { appointmentDate: day(2), slot: SLOT })).statusCode).toBe(201)
    clock.at(day(1), '10:00')
    await vi.waitFor(
      async () => {
        await app.outbox.drain()
        expect(
          mail.sent.filter((m) => m.subject.startsWith('Reminder') && m.to === patient.email),
        ).toHaveLength(1)
      },
      { timeout: 5_000, interval: 20 },
    )
  })
})
