import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, CLINIC_ZONES, day, freeSlots, getOptions, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

describe.each(CLINIC_ZONES)('crossing midnight at the clinic in %s', (zone) => {
  let app: FastifyInstance
  const clock = testClock(zone, TODAY, '23:59')
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: clock.now })
  })
  afterAll(() => app.close())

  test('"today" and the booking window turn over at the clinic midnight, not at UTC midnight', async () => {
    const patient = await createAccount(app)
    clock.at(TODAY, '23:59')
    expect((await getOptions(app, TODAY)).statusCode).toBe(200)
    expect(await freeSlots(app, TODAY)).toEqual([])
    expect(
      refusal(await book(app, patient, { appointmentDate: TODAY, slot: '05:30 PM - 06:00 PM' })),
    ).toEqual({
      status: 400,
      code: 'SLOT_STARTED',
    })
    const beyond = { status: 400, code: 'DATE_BEYOND_WINDOW' }
    expect(refusal(await getOptions(app, day(61)))).toEqual(beyond)
    expect(refusal(await book(app, patient, { appointmentDate: day(61) }))).toEqual(beyond)

    clock.at(day(1), '00:00')
    const past = { status: 400, code: 'DATE_PAST' }
    expect(refusal(await getOptions(app, TODAY))).toEqual(past)
    expect(refusal(await book(app, patient, { appointmentDate: TODAY }))).toEqual(past)
    expect(await freeSlots(app, day(1))).toHaveLength(20)
    expect((await book(app, patient, { appointmentDate: day(61) })).statusCode).toBe(201)
  })
})

describe('daylight saving time changes in America/New_York', () => {
  const zone = 'America/New_York'
  let app: FastifyInstance
  const mail = captureMail()
  const clock = testClock(zone, '2026-03-01', '12:00')
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: clock.now, mailer: mail })
  })
  afterAll(() => app.close())

  async function bookedStart(patient: Awaited<ReturnType<typeof createAccount>>, id: string) {
    const res = await app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: patient.headers })
    return res.json().startsAt
  }

  test('on the spring-forward day the clinic clock is already on EDT (UTC-4)', async () => {
    clock.set(new Date('2026-03-08T12:10:00Z')) // 08:10 EDT; it would be 07:10 on EST
    expect((await freeSlots(app, '2026-03-08'))[0]).toBe('08:30 AM - 09:00 AM')
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: '2026-03-08', slot: '09:00 AM - 09:30 AM' })
    expect(res.statusCode).toBe(201)
    const { insertedId } = res.json().bookings
    expect(await bookedStart(patient, insertedId)).toBe('2026-03-08T13:00:00.000Z')
    await app.outbox.drain()
    const invite = mail.sent.at(-1)?.attachments?.[0]?.content
    expect(invite).toContain('DTSTART:20260308T130000Z')
    expect(invite).toContain('DTEND:20260308T133000Z')
  })

  test('the day before the change is still on EST (UTC-5)', async () => {
    clock.set(new Date('2026-03-07T13:10:00Z')) // 08:10 EST
    expect((await freeSlots(app, '2026-03-07'))[0]).toBe('08:30 AM - 09:00 AM')
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: '2026-03-08', slot: '08:00 AM - 08:30 AM' })
    expect(await bookedStart(patient, res.json().bookings.insertedId)).toBe('2026-03-08T12:00:00.000Z')
  })

  test('on the fall-back day the clinic clock is back on EST (UTC-5)', async () => {
    clock.set(new Date('2026-11-01T13:10:00Z')) // 08:10 EST; it would be 09:10 on EDT
    expect((await freeSlots(app, '2026-11-01'))[0]).toBe('08:30 AM - 09:00 AM')
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: '2026-11-01', slot: '08:30 AM - 09:00 AM' })
    expect(await bookedStart(patient, res.json().bookings.insertedId)).toBe('2026-11-01T13:30:00.000Z')
    const again = await book(app, await createAccount(app), {
      appointmentDate: '2026-11-01',
      slot: '08:30 AM - 09:00 AM',
    })
    expect(refusal(again)).toEqual({ status: 409, code: 'SLOT_TAKEN' })
  })

  test('midnight moves with the offset: 04:30 UTC is still Mar 7 before, and 04:30 UTC is Mar 9 after', async () => {
    clock.set(new Date('2026-03-08T04:30:00Z')) // 23:30 EST on Mar 7
    expect((await getOptions(app, '2026-03-07')).statusCode).toBe(200)
    clock.set(new Date('2026-03-09T04:30:00Z')) // 00:30 EDT on Mar 9
    expect(refusal(await getOptions(app, '2026-03-08'))).toEqual({ status: 400, code: 'DATE_PAST' })
  })
})
