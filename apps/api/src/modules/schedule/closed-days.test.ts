import { PAST_DATE_MESSAGE } from '@shared/clinic'
import { weekdayOf } from '@shared/clinic-time'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { day, freeSlots, getOptions, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { auditBy, bookAs, bookingRow, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const TEN = '10:00 AM - 10:30 AM'

describe('closed weekdays and holidays', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const mail = captureMail()
  beforeAll(async () => {
    app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:10').now, mailer: mail })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())
  afterEach(async () => {
    await scheduleCall(app, admin, 'PUT', '/closed-weekdays', { weekdays: [], affectedBookings: 'keep' })
  })

  const closeWeekdays = (weekdays: number[], affectedBookings?: string) =>
    scheduleCall(app, admin, 'PUT', '/closed-weekdays', { weekdays, affectedBookings })
  const addHoliday = (body: Record<string, unknown>) => scheduleCall(app, admin, 'POST', '/holidays', body)
  const noSlotsOn = async (date: string) => {
    const { options } = (await getOptions(app, date)).json()
    return options.length > 0 && options.every((o: { slots: string[] }) => o.slots.length === 0)
  }

  test('a newly closed weekday offers no slot at once, and opening it again brings them back', async () => {
    const friday = day(2)
    expect(await freeSlots(app, friday)).toContain(TEN)
    const res = await closeWeekdays([weekdayOf(friday), 6])
    expect(res.json()).toEqual({ closedWeekdays: [5, 6], affected: { kept: 0, cancelled: 0, refunded: 0 } })
    expect(await noSlotsOn(friday)).toBe(true)
    expect(await noSlotsOn(day(9))).toBe(true)
    expect(await noSlotsOn(day(1))).toBe(false)
    expect((await scheduleCall(app, admin, 'GET', '')).json().closedWeekdays).toEqual([5, 6])
    await closeWeekdays([6])
    expect(await freeSlots(app, friday)).toContain(TEN)
  })

  test('closing a weekday with bookings asks first; only newly closed days count', async () => {
    const thursday = day(1)
    const { id } = await bookAs(app, 'Teeth Cleaning', thursday, TEN)
    const impact = (list: string) =>
      scheduleCall(app, admin, 'GET', `/closed-weekdays/impact?weekdays=${list}`)
    expect((await impact('4,5')).json()).toEqual({ bookings: 1, paid: 0 })
    expect((await impact('')).json()).toEqual({ bookings: 0, paid: 0 })
    expect(refusal(await impact('7'))).toEqual({ status: 400, code: 'VALIDATION' })
    expect(refusal(await impact('1,1'))).toEqual({ status: 400, code: 'VALIDATION' })
    expect((await closeWeekdays([4])).json()).toEqual({
      code: 'BOOKINGS_AFFECTED',
      message: M.bookingsAffected(1),
    })
    expect((await closeWeekdays([4], 'keep')).json().affected).toEqual({ kept: 1, cancelled: 0, refunded: 0 })
    expect((await bookingRow(app, id)).status).toBe('booked')
    // Thursday is closed already: saving the list again with Friday added affects nothing new.
    expect((await impact('4,5')).json()).toEqual({ bookings: 0, paid: 0 })
    expect((await closeWeekdays([4, 5])).statusCode).toBe(200)
  })

  test("'cancel' on a weekday cancels its bookings with a notice naming the day", async () => {
    const { id, patient } = await bookAs(app, 'Teeth Cleaning', day(7), TEN)
    await app.outbox.drain()
    const before = mail.sent.length
    expect((await closeWeekdays([3], 'cancel')).json().affected).toEqual({
      kept: 0,
      cancelled: 1,
      refunded: 0,
    })
    expect((await bookingRow(app, id)).status).toBe('cancelled')
    await app.outbox.drain()
    expect(
      mail.sent.slice(before).map((m) => [m.to, m.text.includes('the clinic is now closed on Wednesdays')]),
    ).toEqual([[patient.email, true]])
  })

  test('weekday lists are checked', async () => {
    for (const weekdays of [[7], [-1], [1, 1], [1.5], 'monday', [0, 1, 2, 3, 4, 5, 6, 0]]) {
      const res = await scheduleCall(app, admin, 'PUT', '/closed-weekdays', { weekdays })
      expect(res.json(), JSON.stringify(weekdays)).toEqual({ code: 'VALIDATION', message: M.weekdays })
    }
  })

  test('a holiday offers no slot that day; a second one on the date is refused; removing it opens the day', async () => {
    const date = day(12)
    expect(await noSlotsOn(date)).toBe(false)
    const res = await addHoliday({ date, reason: 'Eid' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      holiday: { date, reason: 'Eid' },
      affected: { kept: 0, cancelled: 0, refunded: 0 },
    })
    expect(await noSlotsOn(date)).toBe(true)
    expect(await noSlotsOn(day(13))).toBe(false)
    expect((await scheduleCall(app, admin, 'GET', '')).json().holidays).toContainEqual({
      date,
      reason: 'Eid',
    })

    const again = await addHoliday({ date })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ code: 'HOLIDAY_EXISTS', message: M.holidayExists(date) })

    expect((await scheduleCall(app, admin, 'DELETE', `/holidays/${date}`)).statusCode).toBe(204)
    expect(await noSlotsOn(date)).toBe(false)
    expect(refusal(await scheduleCall(app, admin, 'DELETE', `/holidays/${date}`))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
  })

  test('a holiday with bookings asks first, then keeps or cancels them', async () => {
    const date = day(15)
    const kept = await bookAs(app, 'Teeth Cleaning', date, TEN)
    expect((await scheduleCall(app, admin, 'GET', `/holidays/${date}/impact`)).json()).toEqual({
      bookings: 1,
      paid: 0,
    })
    expect(refusal(await addHoliday({ date }))).toEqual({ status: 409, code: 'BOOKINGS_AFFECTED' })
    expect((await addHoliday({ date, affectedBookings: 'keep' })).json().affected).toEqual({
      kept: 1,
      cancelled: 0,
      refunded: 0,
    })
    expect((await bookingRow(app, kept.id)).status).toBe('booked')

    const other = day(16)
    const cancelled = await bookAs(app, 'Oral Surgery', other, TEN)
    await app.outbox.drain()
    const before = mail.sent.length
    const res = await addHoliday({ date: other, reason: 'Staff training', affectedBookings: 'cancel' })
    expect(res.json().affected).toEqual({ kept: 0, cancelled: 1, refunded: 0 })
    expect((await bookingRow(app, cancelled.id)).status).toBe('cancelled')
    await app.outbox.drain()
    expect(mail.sent.slice(before).map((m) => m.to)).toEqual([cancelled.patient.email])
    expect(mail.sent.at(-1)?.text).toContain('because the clinic is closed on Jun 26, 2026 (Staff training).')
  })

  test('holiday dates are checked: real dates, not past, reasons plain and short', async () => {
    expect((await addHoliday({ date: day(-1) })).json()).toEqual({
      code: 'DATE_PAST',
      message: PAST_DATE_MESSAGE,
    })
    expect((await addHoliday({ date: TODAY })).statusCode).toBe(201)
    for (const body of [
      { date: '2026-02-30' },
      { date: 'soon' },
      {},
      { date: day(20), reason: 'x'.repeat(101) },
    ]) {
      expect(refusal(await addHoliday(body)), JSON.stringify(body)).toEqual({
        status: 400,
        code: 'VALIDATION',
      })
    }
    expect(refusal(await scheduleCall(app, admin, 'GET', `/holidays/${day(-1)}/impact`))).toEqual({
      status: 400,
      code: 'DATE_PAST',
    })
  })

  test('closed days are audited', async () => {
    const auditor = await createAdmin(app)
    await scheduleCall(app, auditor, 'PUT', '/closed-weekdays', { weekdays: [0] })
    await scheduleCall(app, auditor, 'POST', '/holidays', { date: day(30), reason: 'Founding day' })
    await scheduleCall(app, auditor, 'DELETE', `/holidays/${day(30)}`)
    const details = (await auditBy(app, auditor)).map((e) => [e.event, e.detail])
    expect(details).toEqual([
      [
        'schedule_changed',
        { change: 'closed_weekdays', from: [], to: [0], kept: 0, cancelled: 0, refunded: 0 },
      ],
      [
        'schedule_changed',
        {
          change: 'holiday_added',
          date: day(30),
          reason: 'Founding day',
          kept: 0,
          cancelled: 0,
          refunded: 0,
        },
      ],
      ['schedule_changed', { change: 'holiday_removed', date: day(30), reason: 'Founding day' }],
    ])
  })
})
