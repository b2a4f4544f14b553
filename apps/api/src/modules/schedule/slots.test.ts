import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { auditBy, bookAs, bookingRow, createTreatment, optionOf, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const TEN = '10:00 AM - 10:30 AM'

describe('slots, edited by admins', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const mail = captureMail()
  beforeAll(async () => {
    app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:10').now, mailer: mail })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const addSlot = (treatmentId: string, body: unknown) =>
    scheduleCall(app, admin, 'POST', `/treatments/${treatmentId}/slots`, body)
  const removeSlot = (id: string, choice?: string) =>
    scheduleCall(app, admin, 'DELETE', `/slots/${id}${choice ? `?affectedBookings=${choice}` : ''}`)

  test('a slot is offered at once, in time order, with the length given', async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
    const res = await addSlot(treatment._id, { start: '08:15', minutes: 45 })
    expect(res.statusCode).toBe(201)
    expect(res.json().slot).toEqual({
      _id: expect.any(String),
      start: '08:15',
      minutes: 45,
      label: '08:15 AM - 09:00 AM',
    })
    expect((await optionOf(app, day(1), treatment.name))?.slots).toEqual(['08:15 AM - 09:00 AM', TEN])
    expect((await bookAs(app, treatment.name, day(1), '08:15 AM - 09:00 AM')).id).toBeDefined()
  })

  test('a second slot at the same start is refused by the database', async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
    const res = await addSlot(treatment._id, { start: '10:00', minutes: 60 })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'SLOT_EXISTS',
      message: 'This treatment already has a time slot starting at 10:00 AM.',
    })
  })

  test('start times, lengths and treatments are checked', async () => {
    const treatment = await createTreatment(app, admin, { starts: [] })
    const cases: [unknown, string][] = [
      [{ start: '9:00', minutes: 30 }, M.slotStart],
      [{ start: '24:00', minutes: 30 }, M.slotStart],
      [{ start: '10:60', minutes: 30 }, M.slotStart],
      [{ minutes: 30 }, M.slotStart],
      [{ start: '10:00', minutes: 4 }, M.slotMinutes],
      [{ start: '10:00', minutes: 481 }, M.slotMinutes],
      [{ start: '10:00', minutes: 30.5 }, M.slotMinutes],
      [{ start: '10:00' }, M.slotMinutes],
      [{ start: '23:45', minutes: 30 }, M.slotPastMidnight],
    ]
    for (const [body, message] of cases) {
      const res = await addSlot(treatment._id, body)
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 'VALIDATION', message })
    }
    expect((await addSlot(treatment._id, { start: '23:30', minutes: 30 })).statusCode).toBe(201)
    expect((await addSlot(treatment._id, { start: '00:00', minutes: 480 })).statusCode).toBe(201)
    const unknown = await addSlot('00000000-0000-4000-8000-000000000000', { start: '10:00', minutes: 30 })
    expect(refusal(unknown)).toEqual({ status: 404, code: 'NOT_FOUND' })
    await scheduleCall(app, admin, 'DELETE', `/treatments/${treatment._id}`)
    expect(refusal(await addSlot(treatment._id, { start: '12:00', minutes: 30 }))).toEqual({
      status: 409,
      code: 'TREATMENT_RETIRED',
    })
  })

  test("a removed slot is offered no more, and 'keep' keeps its booking", async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00', '11:00'] })
    const [ten] = treatment.slots
    const { id } = await bookAs(app, treatment.name, day(2), TEN)
    expect((await scheduleCall(app, admin, 'GET', `/slots/${ten?._id}/impact`)).json()).toEqual({
      bookings: 1,
      paid: 0,
    })
    const refused = await removeSlot(ten?._id as string)
    expect(refused.json()).toEqual({ code: 'BOOKINGS_AFFECTED', message: M.bookingsAffected(1) })
    expect((await optionOf(app, day(3), treatment.name))?.slots).toContain(TEN)

    const res = await removeSlot(ten?._id as string, 'keep')
    expect(res.json()).toEqual({ affected: { kept: 1, cancelled: 0, refunded: 0 } })
    expect(await bookingRow(app, id)).toMatchObject({ status: 'booked', slotLabel: TEN })
    expect((await optionOf(app, day(3), treatment.name))?.slots).toEqual(['11:00 AM - 11:30 AM'])
    const patient = await createAccount(app)
    const booking = await book(app, patient, {
      treatmentName: treatment.name,
      appointmentDate: day(3),
      slot: TEN,
    })
    expect(refusal(booking)).toEqual({ status: 400, code: 'SLOT_NOT_OFFERED' })
    expect(refusal(await removeSlot(ten?._id as string, 'keep'))).toEqual({ status: 404, code: 'NOT_FOUND' })
    const listed = (await scheduleCall(app, admin, 'GET', '')).json().treatments
    expect(listed.find((t: { _id: string }) => t._id === treatment._id).slots).toEqual([treatment.slots[1]])

    // The same start can be offered again, as a new slot.
    expect((await addSlot(treatment._id, { start: '10:00', minutes: 20 })).statusCode).toBe(201)
  })

  test("'cancel' cancels the slot's bookings with a notice each", async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
    const one = await bookAs(app, treatment.name, day(4), TEN)
    const two = await bookAs(app, treatment.name, day(5), TEN)
    await app.outbox.drain()
    const before = mail.sent.length
    const res = await removeSlot(treatment.slots[0]?._id as string, 'cancel')
    expect(res.json()).toEqual({ affected: { kept: 0, cancelled: 2, refunded: 0 } })
    expect((await bookingRow(app, one.id)).status).toBe('cancelled')
    expect((await bookingRow(app, two.id)).status).toBe('cancelled')
    await app.outbox.drain()
    const notices = mail.sent.slice(before)
    expect(notices.map((m) => m.to).sort()).toEqual([one.patient.email, two.patient.email].sort())
    expect(notices[0]?.text).toContain(`because ${treatment.name} is no longer offered at ${TEN}.`)
  })

  test('adding and removing slots is audited', async () => {
    const auditor = await createAdmin(app)
    const treatment = await createTreatment(app, auditor, { starts: ['10:00'] })
    await scheduleCall(app, auditor, 'DELETE', `/slots/${treatment.slots[0]?._id}`)
    const entries = (await auditBy(app, auditor)).slice(1)
    expect(entries.map((e) => e.event)).toEqual(['schedule_changed', 'schedule_changed'])
    expect(entries[0]?.detail).toMatchObject({
      change: 'slot_added',
      treatmentId: treatment._id,
      start: '10:00',
      minutes: 30,
    })
    expect(entries[1]?.detail).toMatchObject({
      change: 'slot_removed',
      start: '10:00',
      kept: 0,
      cancelled: 0,
    })
  })
})
