import { parseSlotLabel } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { namedStatements } from '../../test/prepared-statements'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { insertBookings, type NewBooking, whyRefused } from './repository'

const ZONE = 'Asia/Dhaka'
const clock = testClock(ZONE, TODAY, '09:10')
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({ CLINIC_TIMEZONE: ZONE }, { now: clock.now })
})
afterAll(() => app.close())

async function requests(count: number, date: string): Promise<NewBooking[]> {
  const slots = await freeSlots(app, date)
  return Promise.all(
    slots.slice(0, count).map(async (label) => {
      const patient = await createAccount(app)
      const slot = parseSlotLabel(label)
      if (!slot) throw new Error(`not a slot label: ${label}`)
      return {
        userId: patient.id,
        treatmentName: 'Teeth Cleaning',
        date,
        ...slot,
        slotLabel: label,
        patientName: patient.name,
        phone: '+880 1700 000000',
        idempotencyKey: null,
        requestHash: null,
        timeZone: ZONE,
        now: clock.now(),
      }
    }),
  )
}

test.runIf(testDatabaseKind === 'pglite')(
  'batches of any size book through one statement and are refused through one, each planned once',
  async () => {
    for (const [offset, size] of [1, 2, 3, 5].entries()) {
      const batch = await requests(size, day(offset + 1))
      // Each batch twice: the second finds every slot taken, and PGlite names the texts it sees again.
      expect((await insertBookings(app.database.db, batch)).filter(Boolean)).toHaveLength(size)
      expect(await insertBookings(app.database.db, batch)).toEqual(batch.map(() => undefined))
      expect(await whyRefused(app.database.db, batch)).toEqual(batch.map(() => 'taken'))
      await whyRefused(app.database.db, batch)
    }
    expect(await namedStatements(app.database.db, 'INSERT INTO bookings')).toHaveLength(1)
    expect(await namedStatements(app.database.db, 'AS "sameDay"')).toHaveLength(1)
  },
)
