import { clinicInstant } from '@shared/clinic-time'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { auditLog, bookingReminders, bookings } from '../../db/schema'
import { book, closeClinic, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, type TestAccount } from '../../test/factories'
import { payWithSandbox } from '../../test/payment-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { writeDueReminders } from '../reminders'

const ZONE = 'Asia/Dhaka'
const TEN = '10:00 AM - 10:30 AM'
const ELEVEN = '11:00 AM - 11:30 AM'

const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

describe('rescheduling a booking', () => {
  let app: FastifyInstance
  const clock = testClock(ZONE, TODAY, '09:10')
  const mail = captureMail()
  beforeAll(async () => {
    app = await createTestApp(
      { CLINIC_TIMEZONE: ZONE, REFUND_CUTOFF_HOURS: '24', REMINDER_HOURS: '48,2' },
      { now: clock.now, mailer: mail },
    )
  })
  afterAll(() => app.close())
  beforeEach(() => clock.at(TODAY, '09:10'))

  async function booked(appointmentDate: string, slot = TEN, patient?: TestAccount) {
    const owner = patient ?? (await createAccount(app))
    const res = await book(app, owner, { appointmentDate, slot })
    expect(res.statusCode, res.body).toBe(201)
    return { patient: owner, id: res.json().bookings.insertedId as string }
  }

  const move = (patient: TestAccount, id: string, appointmentDate: string, slot: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/slot`,
      headers: patient.headers,
      payload: { appointmentDate, slot },
    })

  const row = async (id: string) => {
    const [found] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
    return found
  }

  test('the booking moves to the new slot and the old one is free again', async () => {
    const { patient, id } = await booked(day(3))
    const res = await move(patient, id, day(4), ELEVEN)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().booking).toMatchObject({
      _id: id,
      appointmentDate: day(4),
      slot: ELEVEN,
      status: 'booked',
      startsAt: clinicInstant(day(4), '11:00', ZONE).toISOString(),
    })
    expect(await freeSlots(app, day(3))).toContain(TEN)
    expect(await freeSlots(app, day(4))).not.toContain(ELEVEN)
    expect(await row(id)).toMatchObject({ sequence: 1, slotLabel: ELEVEN, appointmentDate: day(4) })
  })

  test('two patients moving into one slot at once: one gets it, the other keeps their booking', async () => {
    const first = await booked(day(5), TEN)
    const second = await booked(day(5), ELEVEN)
    const target = '02:00 PM - 02:30 PM'
    const answers = await Promise.all([
      move(first.patient, first.id, day(6), target),
      move(second.patient, second.id, day(6), target),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    const lost = answers.findIndex((res) => res.statusCode === 409)
    expect(answers[lost]?.json()).toMatchObject({ code: 'SLOT_TAKEN', message: expect.any(String) })
    const loser = [first, second][lost]
    const winner = [first, second][1 - lost]
    expect(await row(loser?.id ?? '')).toMatchObject({
      appointmentDate: day(5),
      slotLabel: lost === 0 ? TEN : ELEVEN,
      status: 'booked',
      sequence: 0,
    })
    expect(await row(winner?.id ?? '')).toMatchObject({ appointmentDate: day(6), slotLabel: target })
  })

  test('a booking moves until REFUND_CUTOFF_HOURS before it, and not after', async () => {
    const { patient, id } = await booked(day(1))
    clock.at(TODAY, '11:00')
    expect(refusal(await move(patient, id, day(2), ELEVEN))).toEqual({
      status: 409,
      code: 'RESCHEDULE_CUTOFF_PASSED',
    })
    expect(await row(id)).toMatchObject({ appointmentDate: day(1), slotLabel: TEN, sequence: 0 })
    clock.at(TODAY, '09:55')
    expect((await move(patient, id, day(2), ELEVEN)).statusCode).toBe(200)
  })

  test("another patient's booking or an unknown id answers 404", async () => {
    const { id } = await booked(day(7))
    const stranger = await createAccount(app)
    expect(refusal(await move(stranger, id, day(8), ELEVEN))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await move(stranger, crypto.randomUUID(), day(8), ELEVEN))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
    expect(await row(id)).toMatchObject({ appointmentDate: day(7), sequence: 0 })
  })

  test('the booking rules of a new booking hold for the new slot', async () => {
    const { patient, id } = await booked(day(9))
    await closeClinic(app, { holiday: day(10) })
    expect(refusal(await move(patient, id, day(10), ELEVEN))).toEqual({ status: 400, code: 'CLINIC_CLOSED' })
    expect(refusal(await move(patient, id, day(-1), ELEVEN))).toEqual({ status: 400, code: 'DATE_PAST' })
    expect(refusal(await move(patient, id, day(11), '10:10 AM - 10:40 AM'))).toEqual({
      status: 400,
      code: 'SLOT_NOT_OFFERED',
    })
    expect(refusal(await move(patient, id, day(9), TEN))).toEqual({ status: 409, code: 'SAME_SLOT' })
    const other = await booked(day(11), ELEVEN, patient)
    expect(refusal(await move(patient, id, day(11), '11:15 AM - 11:45 AM'))).toEqual({
      status: 400,
      code: 'SLOT_NOT_OFFERED',
    })
    expect(refusal(await move(patient, id, day(11), TEN))).toEqual({
      status: 409,
      code: 'ALREADY_BOOKED_THAT_DAY',
    })
    expect(await row(id)).toMatchObject({ appointmentDate: day(9), sequence: 0 })
    expect(await row(other.id)).toMatchObject({ appointmentDate: day(11), slotLabel: ELEVEN })
  })

  test('a cancelled booking does not move', async () => {
    const { patient, id } = await booked(day(12))
    await app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: patient.headers })
    expect(refusal(await move(patient, id, day(13), ELEVEN))).toEqual({
      status: 409,
      code: 'ALREADY_CANCELLED',
    })
    expect(await freeSlots(app, day(13))).toContain(ELEVEN)
  })

  test('a paid booking keeps its payment', async () => {
    const { patient, id } = await booked(day(14))
    await payWithSandbox(app, patient, id)
    const res = await move(patient, id, day(15), ELEVEN)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().booking).toMatchObject({ paid: true, refunded: false, appointmentDate: day(15) })
  })

  test('the patient gets one mail whose .ics keeps the UID with a higher SEQUENCE', async () => {
    const { patient, id } = await booked(day(16))
    await app.outbox.drain()
    const invites = () =>
      mail.sent.filter((m) => m.to === patient.email).map((m) => m.attachments?.[0]?.content ?? '')
    expect(invites()[0]).toContain('\r\nSEQUENCE:0\r\n')

    expect((await move(patient, id, day(17), ELEVEN)).statusCode).toBe(200)
    await app.outbox.drain()
    const moved = mail.sent.filter((m) => m.to === patient.email)
    expect(moved).toHaveLength(2)
    expect(moved[1]?.subject).toContain('Appointment moved: Teeth Cleaning')
    for (const line of [
      'METHOD:REQUEST',
      `UID:${id}`,
      'SEQUENCE:1',
      `DTSTART:${utc(clinicInstant(day(17), '11:00', ZONE))}`,
    ])
      expect(invites()[1]).toContain(`\r\n${line}\r\n`)

    expect((await move(patient, id, day(18), TEN)).statusCode).toBe(200)
    await app.outbox.drain()
    expect(invites()).toHaveLength(3)
    expect(invites()[2]).toContain(`\r\nUID:${id}\r\n`)
    expect(invites()[2]).toContain('\r\nSEQUENCE:2\r\n')
  })

  test('the reminders of the old time are forgotten, and sent again for the new time', async () => {
    const { patient, id } = await booked(day(3), '04:00 PM - 04:30 PM')
    const rules = { hours: app.config.reminderHours, timeZone: ZONE }
    const reminders = () =>
      app.database.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, id))
    clock.at(day(1), '16:05')
    await writeDueReminders(app.database.db, rules, clock.now())
    expect(await reminders()).toHaveLength(1)

    expect((await move(patient, id, day(4), '04:00 PM - 04:30 PM')).statusCode).toBe(200)
    expect(await reminders()).toHaveLength(0)
    await writeDueReminders(app.database.db, rules, clock.now())
    expect(await reminders()).toHaveLength(0)
    clock.at(day(2), '16:05')
    await writeDueReminders(app.database.db, rules, clock.now())
    expect(await reminders()).toMatchObject([{ hoursBefore: 48 }])
  })

  test('a booking moved inside a reminder window gets only the later reminders, as a new one', async () => {
    const { patient, id } = await booked(day(3), '05:00 PM - 05:30 PM')
    const rules = { hours: app.config.reminderHours, timeZone: ZONE }
    const reminders = () =>
      app.database.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, id))
    clock.at(day(1), '16:05')
    expect((await move(patient, id, day(2), '12:00 PM - 12:30 PM')).statusCode).toBe(200)
    await writeDueReminders(app.database.db, rules, clock.now())
    expect(await reminders()).toHaveLength(0)
    clock.at(day(2), '10:05')
    await writeDueReminders(app.database.db, rules, clock.now())
    expect(await reminders()).toMatchObject([{ hoursBefore: 2 }])
  })

  test('the audit log records the move, from where to where', async () => {
    const { patient, id } = await booked(day(19))
    expect((await move(patient, id, day(20), ELEVEN)).statusCode).toBe(200)
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'booking_rescheduled'), eq(auditLog.userId, patient.id)))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorId: patient.id,
      email: patient.email,
      detail: {
        bookingId: id,
        treatment: 'Teeth Cleaning',
        from: { date: day(19), start: '10:00', minutes: 30 },
        to: { date: day(20), start: '11:00', minutes: 30 },
      },
    })
  })
})
