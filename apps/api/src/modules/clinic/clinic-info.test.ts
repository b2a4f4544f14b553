import { addDays } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoTreatments } from '../../db/seed'
import { CLINIC_ZONES, closeClinic, day, TODAY, testClock } from '../../test/booking-kit'
import { createTestApp } from '../../test/test-app'

describe.each(CLINIC_ZONES)('clinic information in %s', (zone) => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: testClock(zone, TODAY, '12:00').now })
  })
  afterAll(() => app.close())

  test('GET /api/appointmentSpecialty lists the treatments by id and name', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/appointmentSpecialty' })
    expect(res.statusCode).toBe(200)
    const { specialty } = res.json()
    expect(specialty.map((s: { name: string }) => s.name)).toEqual(demoTreatments.map((t) => t.name))
    for (const entry of specialty) expect(Object.keys(entry).sort()).toEqual(['_id', 'name'])
  })

  test('GET /api/clinicCalendar gives the zone, today, the window and the closed days inside it', async () => {
    await closeClinic(app, { weekday: 5 })
    await closeClinic(app, { holiday: day(10) })
    await closeClinic(app, { holiday: day(-3) })
    await closeClinic(app, { holiday: day(61) })
    const res = await app.inject({ method: 'GET', url: '/api/clinicCalendar' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      timeZone: zone,
      today: TODAY,
      lastBookableDate: addDays(TODAY, 60),
      closedWeekdays: [5],
      holidays: [day(10)],
    })
  })
})
