import { gunzipSync } from 'node:zlib'
import { BEYOND_WINDOW_MESSAGE, DATE_FORMAT_MESSAGE, PAST_DATE_MESSAGE } from '@shared/clinic'
import { addDays, slotLabel, weekdayOf } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoSlotStarts, demoTreatments } from '../../db/seed'
import {
  book,
  CLINIC_ZONES,
  closeClinic,
  day,
  freeSlots,
  getOptions,
  TODAY,
  testClock,
} from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

const ALL_SLOTS = demoSlotStarts().map((start) => slotLabel(start, 30))

describe.each(CLINIC_ZONES)('GET /api/appOptions in %s', (zone) => {
  let app: FastifyInstance
  const clock = testClock(zone, TODAY, '09:10')
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: clock.now })
  })
  afterAll(() => app.close())

  test('lists every treatment in clinic order with its slots in time order and its fee', async () => {
    const res = await getOptions(app, day(2))
    expect(res.statusCode).toBe(200)
    const { options } = res.json()
    expect(options.map((o: { name: string }) => o.name)).toEqual(demoTreatments.map((t) => t.name))
    expect(options[0]).toEqual({
      _id: expect.any(String),
      name: 'Teeth Orthodontics',
      slots: ALL_SLOTS,
      price: 1500,
    })
    expect(ALL_SLOTS[0]).toBe('08:00 AM - 08:30 AM')
    expect(ALL_SLOTS.at(-1)).toBe('05:30 PM - 06:00 PM')
  })

  test('a booked slot disappears for that treatment and date only', async () => {
    const patient = await createAccount(app)
    expect(
      (await book(app, patient, { appointmentDate: day(3), slot: '10:00 AM - 10:30 AM' })).statusCode,
    ).toBe(201)
    const cleaning = await freeSlots(app, day(3))
    expect(cleaning).not.toContain('10:00 AM - 10:30 AM')
    expect(cleaning).toHaveLength(ALL_SLOTS.length - 1)
    expect(await freeSlots(app, day(3), 'Oral Surgery')).toEqual(ALL_SLOTS)
    expect(await freeSlots(app, day(4))).toEqual(ALL_SLOTS)
  })

  test("today's slots that have already started in clinic time are gone", async () => {
    clock.at(TODAY, '09:10')
    expect((await freeSlots(app, TODAY))[0]).toBe('09:30 AM - 10:00 AM')
    clock.at(TODAY, '09:30')
    expect((await freeSlots(app, TODAY))[0]).toBe('10:00 AM - 10:30 AM')
    clock.at(TODAY, '17:31')
    expect(await freeSlots(app, TODAY)).toEqual([])
    expect(await freeSlots(app, day(1))).toEqual(ALL_SLOTS)
    clock.at(TODAY, '09:10')
  })

  test('a closed weekday and a holiday give every treatment no slots', async () => {
    const closedDay = day(7)
    const holiday = day(8)
    await closeClinic(app, { weekday: weekdayOf(closedDay), holiday })
    for (const date of [closedDay, addDays(closedDay, 7), holiday]) {
      const { options } = (await getOptions(app, date)).json()
      expect(options).toHaveLength(demoTreatments.length)
      for (const option of options) expect(option.slots).toEqual([])
    }
    expect(await freeSlots(app, day(9))).toEqual(ALL_SLOTS)
  })

  test('a browser that accepts gzip gets the same JSON gzipped, kept in step with bookings', async () => {
    const asBrowser = () =>
      app.inject({
        method: 'GET',
        url: `/api/appOptions?date=${day(5)}`,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
    const before = await asBrowser()
    expect(before.headers['content-encoding']).toBe('gzip')
    expect(before.headers.vary).toBe('Accept-Encoding')
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(gunzipSync(before.rawPayload).toString())).toEqual(
      (await getOptions(app, day(5))).json(),
    )
    expect((await getOptions(app, day(5))).headers['content-encoding']).toBeUndefined()

    const patient = await createAccount(app)
    await book(app, patient, { appointmentDate: day(5), slot: '11:00 AM - 11:30 AM' })
    const after = JSON.parse(gunzipSync((await asBrowser()).rawPayload).toString())
    expect(after.options.find((o: { name: string }) => o.name === 'Teeth Cleaning').slots).not.toContain(
      '11:00 AM - 11:30 AM',
    )
  })

  test('malformed, past and too-far dates are a 400 with a message', async () => {
    for (const date of ['', 'tomorrow', '2026-02-30', '2026-6-1', `${TODAY}T00:00`]) {
      const res = await getOptions(app, encodeURIComponent(date))
      expect(res.statusCode, date).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION', message: DATE_FORMAT_MESSAGE })
    }
    expect((await app.inject({ method: 'GET', url: '/api/appOptions' })).json()).toEqual({
      code: 'VALIDATION',
      message: DATE_FORMAT_MESSAGE,
    })
    expect((await getOptions(app, day(-1))).json()).toEqual({ code: 'DATE_PAST', message: PAST_DATE_MESSAGE })
    expect((await getOptions(app, day(61))).json()).toEqual({
      code: 'DATE_BEYOND_WINDOW',
      message: BEYOND_WINDOW_MESSAGE,
    })
    expect(refusal(await getOptions(app, day(61)))).toEqual({ status: 400, code: 'DATE_BEYOND_WINDOW' })
    expect((await getOptions(app, day(60))).statusCode).toBe(200)
  })
})
