import { AGENDA_MESSAGES } from '@shared/agenda'
import { weekdayOf } from '@shared/clinic-time'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { auditLog, closedWeekdays, holidays, treatments, users, waitlistEntries } from '../../db/schema'
import { seedAgendaDay } from '../../test/agenda-kit'
import { book, CLINIC_ZONES, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

describe.each(CLINIC_ZONES)('the day’s agenda in %s', (zone) => {
  let app: FastifyInstance
  let admin: TestAccount
  const clock = testClock(zone, TODAY, '09:00')
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: clock.now })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())
  beforeEach(() => clock.at(TODAY, '09:00'))

  const agenda = (query = '') =>
    app.inject({ method: 'GET', url: `/api/agenda${query}`, headers: admin.headers })
  const mark = (bookingId: string, attendance: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/agenda/${bookingId}/attendance`,
      headers: admin.headers,
      payload: { attendance },
    })
  async function booked(overrides: Parameters<typeof book>[2], name = 'Test Patient') {
    const patient = await createAccount(app, { name })
    const res = await book(app, patient, overrides)
    if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
    return { patient, id: res.json().bookings.insertedId as string }
  }

  test('every active booking of the day across treatments, in time order, with the patient’s details', async () => {
    const tenCleaning = await booked({ appointmentDate: day(2), slot: '10:00 AM - 10:30 AM' }, 'Amina Rahman')
    const nine = await booked({
      appointmentDate: day(2),
      treatmentName: 'Cavity Protection',
      slot: '09:00 AM - 09:30 AM',
    })
    const tenOrthodontics = await booked({
      appointmentDate: day(2),
      treatmentName: 'Teeth Orthodontics',
      slot: '10:00 AM - 10:30 AM',
    })
    await booked({ appointmentDate: day(3), slot: '08:00 AM - 08:30 AM' })
    await booked({ appointmentDate: day(1), slot: '08:00 AM - 08:30 AM' })
    const cancelled = await booked({ appointmentDate: day(2), slot: '11:00 AM - 11:30 AM' })
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/bookings/${cancelled.id}`,
      headers: cancelled.patient.headers,
    })
    expect(cancel.statusCode).toBe(200)

    const res = await agenda(`?date=${day(2)}`)
    expect(res.statusCode).toBe(200)
    const { date, bookings } = res.json()
    expect(date).toBe(day(2))
    expect(bookings.map((b: { _id: string }) => b._id)).toEqual([nine.id, tenCleaning.id, tenOrthodontics.id])
    expect(bookings[1]).toEqual({
      _id: tenCleaning.id,
      startsAt: expect.stringMatching(/Z$/),
      slot: '10:00 AM - 10:30 AM',
      treatmentName: 'Teeth Cleaning',
      patientName: 'Amina Rahman',
      phone: '+8801700000000',
      email: tenCleaning.patient.email,
      price: 800,
      paid: false,
      refunded: 0,
      attendance: null,
      reminders: [],
    })
    expect(Date.parse(bookings[0].startsAt)).toBeLessThan(Date.parse(bookings[1].startsAt))
  })

  test('a holiday and a weekly closed day say the clinic is closed; the kept bookings still show', async () => {
    const kept = await booked({ appointmentDate: day(9), slot: '08:00 AM - 08:30 AM' })
    await app.database.db.insert(holidays).values({ date: day(9), reason: 'Victory Day' })
    const holiday = (await agenda(`?date=${day(9)}`)).json()
    expect(holiday.closed).toEqual({ kind: 'holiday', reason: 'Victory Day' })
    expect(holiday.bookings.map((b: { _id: string }) => b._id)).toEqual([kept.id])
    const weekday = weekdayOf(day(11))
    await app.database.db.insert(closedWeekdays).values({ weekday })
    try {
      expect((await agenda(`?date=${day(11)}`)).json().closed).toEqual({ kind: 'weekday' })
    } finally {
      await app.database.db.delete(closedWeekdays).where(eq(closedWeekdays.weekday, weekday))
    }
    expect((await agenda(`?date=${day(10)}`)).json().closed).toBeNull()
  })

  test('a deleted account’s booking shows no e-mail', async () => {
    const { patient, id } = await booked({ appointmentDate: day(5), slot: '08:00 AM - 08:30 AM' })
    await app.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, patient.id))
    const { bookings } = (await agenda(`?date=${day(5)}`)).json()
    expect(bookings.find((b: { _id: string }) => b._id === id).email).toBeNull()
  })

  test('without a date it is the clinic’s today; a day without bookings is empty; a bad date is refused', async () => {
    const today = await booked({ appointmentDate: TODAY, slot: '04:00 PM - 04:30 PM' })
    const res = await agenda()
    expect(res.json().date).toBe(TODAY)
    expect(res.json().bookings.map((b: { _id: string }) => b._id)).toContain(today.id)
    expect((await agenda(`?date=${day(40)}`)).json()).toEqual({
      date: day(40),
      closed: null,
      bookings: [],
      waitlist: [],
    })
    expect(refusal(await agenda('?date=2026-02-30'))).toEqual({ status: 400, code: 'VALIDATION' })
  })

  test('the waitlist of the day: how many patients wait for each treatment, in the clinic’s order', async () => {
    const listed = await app.database.db.select().from(treatments).orderBy(treatments.position)
    const [first, second] = listed as [(typeof listed)[0], (typeof listed)[0]]
    const waiting = async (treatmentId: string, date: string) => {
      const patient = await createAccount(app)
      await app.database.db
        .insert(waitlistEntries)
        .values({ userId: patient.id, treatmentId, appointmentDate: date, phone: '01700000000' })
    }
    await waiting(second.id, day(6))
    await waiting(first.id, day(6))
    await waiting(second.id, day(6))
    await waiting(second.id, day(7))
    expect((await agenda(`?date=${day(6)}`)).json().waitlist).toEqual([
      { treatmentName: first.name, waiting: 1 },
      { treatmentName: second.name, waiting: 2 },
    ])
    expect((await agenda(`?date=${day(8)}`)).json().waitlist).toEqual([])
  })

  test('a busy day of 200 bookings comes whole and in order', async () => {
    await seedAgendaDay(app.database.db, { date: day(20), timeZone: zone, count: 200 })
    const { bookings } = (await agenda(`?date=${day(20)}`)).json()
    expect(bookings).toHaveLength(200)
    const starts = bookings.map((b: { startsAt: string }) => Date.parse(b.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
  })

  test('attendance is marked once the appointment has started, changed, taken back, and audited', async () => {
    const { patient, id } = await booked({ appointmentDate: TODAY, slot: '10:00 AM - 10:30 AM' })
    const early = await mark(id, 'attended')
    expect(refusal(early)).toEqual({ status: 409, code: 'ATTENDANCE_TOO_EARLY' })
    expect(early.json().message).toBe(AGENDA_MESSAGES.tooEarly)

    clock.at(TODAY, '10:00')
    const attended = await mark(id, 'attended')
    expect(attended.statusCode).toBe(200)
    expect(attended.json().booking).toMatchObject({ _id: id, attendance: 'attended' })
    const listed = (await agenda()).json().bookings.find((b: { _id: string }) => b._id === id)
    expect(listed.attendance).toBe('attended')

    expect((await mark(id, 'no_show')).json().booking.attendance).toBe('no_show')
    expect((await mark(id, null)).json().booking.attendance).toBeNull()

    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'attendance_marked'), eq(auditLog.userId, patient.id)))
      .orderBy(auditLog.id)
    expect(entries.map((e) => ({ actorId: e.actorId, detail: e.detail }))).toEqual([
      { actorId: admin.id, detail: { bookingId: id, attendance: 'attended' } },
      { actorId: admin.id, detail: { bookingId: id, attendance: 'no_show' } },
      { actorId: admin.id, detail: { bookingId: id, attendance: null } },
    ])
  })

  test('a cancelled or unknown booking has no attendance to mark; a wrong value is refused', async () => {
    const { patient, id } = await booked({ appointmentDate: day(1), slot: '08:30 AM - 09:00 AM' })
    await app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: patient.headers })
    clock.at(day(1), '12:00')
    const cancelled = await mark(id, 'attended')
    expect(refusal(cancelled)).toEqual({ status: 409, code: 'BOOKING_CANCELLED' })
    expect(cancelled.json().message).toBe(AGENDA_MESSAGES.cancelled)
    expect(refusal(await mark('00000000-0000-4000-8000-000000000000', 'attended'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
    expect(refusal(await mark('not-a-booking', 'attended'))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await mark(id, 'maybe'))).toEqual({ status: 400, code: 'VALIDATION' })
    expect(refusal(await mark(id, undefined))).toEqual({ status: 400, code: 'VALIDATION' })
  })

  test('patients and anonymous callers are refused on every agenda route', async () => {
    const patient = await createAccount(app)
    const routes = [
      { method: 'GET' as const, url: '/api/agenda' },
      { method: 'GET' as const, url: '/api/agenda.csv' },
      { method: 'PUT' as const, url: '/api/agenda/00000000-0000-4000-8000-000000000000/attendance' },
    ]
    for (const route of routes) {
      const payload = route.method === 'PUT' ? { attendance: 'attended' } : undefined
      expect(refusal(await app.inject({ ...route, payload }))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
      expect(refusal(await app.inject({ ...route, payload, headers: patient.headers }))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
      })
    }
  })
})
