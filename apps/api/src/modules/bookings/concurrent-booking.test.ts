import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../../db/client'
import { bookings } from '../../db/schema'
import { createAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'
import { book, CLINIC_ZONES, day, freeSlots, TODAY, testClock } from './booking-test-kit'
import { insertBooking } from './repository'

describe.each(CLINIC_ZONES)('one slot, many patients, in %s', (zone) => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ CLINIC_TIMEZONE: zone }, { now: testClock(zone, TODAY, '09:10').now })
  })
  afterAll(() => app.close())

  test('200 simultaneous bookings of one slot by 200 patients: exactly one wins', async () => {
    const patients = await Promise.all(Array.from({ length: 200 }, () => createAccount(app)))
    const slot = '01:00 PM - 01:30 PM'
    const results = await Promise.all(
      patients.map((patient) => book(app, patient, { appointmentDate: day(1), slot })),
    )

    const created = results.filter((res) => res.statusCode === 201)
    const refused = results.filter((res) => res.statusCode === 409)
    expect(created).toHaveLength(1)
    expect(refused).toHaveLength(199)
    for (const res of refused)
      expect(res.json()).toEqual({ message: 'This slot was just booked. Please choose another.' })

    const rows = await app.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.appointmentDate, day(1)), eq(bookings.slotLabel, slot)))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.id).toBe(created[0]?.json().bookings.insertedId)
    expect(await freeSlots(app, day(1))).not.toContain(slot)
  })

  test('a deadlock between two bookings of one patient (PostgreSQL aborting one of them) is run again', async () => {
    const patient = await createAccount(app)
    let calls = 0
    const deadlockOnce = {
      execute: (query: Parameters<Db['execute']>[0]) =>
        calls++ === 0
          ? Promise.reject(Object.assign(new Error('deadlock detected'), { cause: { code: '40P01' } }))
          : app.database.db.execute(query),
    } as unknown as Db
    const booking = {
      userId: patient.id,
      treatmentName: 'Teeth Cleaning',
      date: day(2),
      start: '08:00',
      minutes: 30,
      slotLabel: '08:00 AM - 08:30 AM',
      patientName: patient.name,
      phone: '1',
      idempotencyKey: null,
      timeZone: zone,
      now: testClock(zone, TODAY, '09:10').now(),
    }
    expect(await insertBooking(deadlockOnce, booking)).toMatchObject({
      treatmentName: 'Teeth Cleaning',
      price: 800,
    })
    expect(calls).toBe(2)
  })
})
