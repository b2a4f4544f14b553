import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bookings } from '../../db/schema'
import { book, CLINIC_ZONES, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

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
    for (const res of refused) expect(res.json().code).toBe('SLOT_TAKEN')

    const rows = await app.database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.appointmentDate, day(1)), eq(bookings.slotLabel, slot)))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.id).toBe(created[0]?.json().bookings.insertedId)
    expect(await freeSlots(app, day(1))).not.toContain(slot)
  })

  test('many patients booking different slots at once each get their own booking', async () => {
    const slots = (await freeSlots(app, day(2))).slice(0, 12)
    const patients = await Promise.all(slots.map(() => createAccount(app)))
    const results = await Promise.all(
      patients.map((patient, i) =>
        book(app, patient, { appointmentDate: day(2), slot: slots[i], patientName: `Patient ${i}` }),
      ),
    )
    expect(results.map((res) => res.statusCode)).toEqual(slots.map(() => 201))
    for (const [i, res] of results.entries()) {
      const [row] = await app.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, res.json().bookings.insertedId))
      expect(row).toMatchObject({ userId: patients[i]?.id, slotLabel: slots[i], patientName: `Patient ${i}` })
    }
  })

  test('one patient asking for two slots of a treatment at once gets one, and is told why not the other', async () => {
    const patient = await createAccount(app)
    const [first, second] = await freeSlots(app, day(3))
    const results = await Promise.all(
      [first, second].map((slot) => book(app, patient, { appointmentDate: day(3), slot })),
    )
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409])
    const refused = results.find((res) => res.statusCode === 409)
    expect(refused?.json().code).toBe('ALREADY_BOOKED_THAT_DAY')
    const rows = await app.database.db.select().from(bookings).where(eq(bookings.userId, patient.id))
    expect(rows).toHaveLength(1)
  })

  test('refusals sent at the same moment each name their own rule', async () => {
    const [holder, patient] = [await createAccount(app), await createAccount(app)]
    const date = day(4)
    const taken = '11:00 AM - 11:30 AM'
    expect((await book(app, holder, { appointmentDate: date, slot: taken })).statusCode).toBe(201)
    expect(
      (await book(app, patient, { appointmentDate: date, slot: '02:00 PM - 02:30 PM' })).statusCode,
    ).toBe(201)
    const answers = await Promise.all([
      book(app, await createAccount(app), { appointmentDate: date, slot: taken }),
      book(app, patient, { appointmentDate: date, slot: '03:00 PM - 03:30 PM' }),
      book(app, patient, {
        appointmentDate: date,
        treatmentName: 'Oral Surgery',
        slot: '02:00 PM - 02:30 PM',
      }),
      book(app, patient, { appointmentDate: date, slot: '11:15 AM - 11:45 AM' }),
    ])
    expect(answers.map((res) => [res.statusCode, res.json().code])).toEqual([
      [409, 'SLOT_TAKEN'],
      [409, 'ALREADY_BOOKED_THAT_DAY'],
      [409, 'OVERLAPPING_BOOKING'],
      [400, 'SLOT_NOT_OFFERED'],
    ])
  })
})
