import { type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../test/booking-kit'
import { createAccount } from '../test/factories'
import { createTestApp } from '../test/test-app'
import type { Channel } from './channels'

const HEARD_CHANNELS = ['availability_changed', 'agenda_changed'] as const satisfies Channel[]

/**
 * What an update of bookings announces (decision 0059): availability only where a slot was taken
 * or freed, the agenda for everything else a day shows. Each statement is written straight into
 * the database, as another server would write it.
 */
describe('an update of bookings announces the dates whose slots or agenda changed', () => {
  let app: FastifyInstance
  const heard = new Map<string, string[]>(HEARD_CHANNELS.map((channel) => [channel, []]))
  beforeAll(async () => {
    app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:00').now })
    for (const channel of HEARD_CHANNELS)
      await app.database.listen(channel, (payload) => {
        heard.get(channel)?.push(payload)
      })
  })
  afterAll(() => app.close())

  const heardSoFar = () => [...heard.values()].reduce((count, payloads) => count + payloads.length, 0)

  /**
   * Until nothing more has come for a tenth of a second. On PostgreSQL every pooled connection
   * listens too (postgres-listener.ts), so an earlier statement's announcement may still arrive,
   * a little later, through another one.
   */
  async function quiet() {
    for (let count = heardSoFar(); ; ) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      if (heardSoFar() === count) return
      count = heardSoFar()
    }
  }

  /**
   * Which of `days` each channel named for this statement. A server hears its own statement's
   * announcements before the statement returns, on both databases (DatabaseHandle.listen).
   */
  async function announcedBy(statement: SQL, days: string[]) {
    await quiet()
    const from = new Map([...heard].map(([channel, payloads]) => [channel, payloads.length]))
    await app.database.db.execute(statement)
    const named = (channel: string) => {
      const dates = (heard.get(channel) ?? [])
        .slice(from.get(channel))
        .flatMap((payload) => payload.split(','))
      return days.filter((day) => dates.includes(day))
    }
    return { availability: named('availability_changed'), agenda: named('agenda_changed') }
  }

  async function bookedOn(date: string) {
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: date, slot: '11:00 AM - 11:30 AM' })
    expect(res.statusCode).toBe(201)
    return res.json().bookings.insertedId as string
  }

  test('a payment marking a booking paid, and its attendance, tell the agenda, not availability', async () => {
    const id = await bookedOn(day(2))
    expect(await announcedBy(sql`UPDATE bookings SET paid = true WHERE id = ${id}::uuid`, [day(2)])).toEqual({
      availability: [],
      agenda: [day(2)],
    })
    expect(
      await announcedBy(sql`UPDATE bookings SET attendance = 'attended' WHERE id = ${id}::uuid`, [day(2)]),
    ).toEqual({ availability: [], agenda: [day(2)] })
  })

  test('a cancellation frees its slot: availability hears of its date', async () => {
    const id = await bookedOn(day(3))
    expect(
      await announcedBy(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${id}::uuid`, [day(3)]),
    ).toEqual({ availability: [day(3)], agenda: [] })
  })

  test('a move to another day names both days to availability', async () => {
    const id = await bookedOn(day(4))
    const moved = await announcedBy(
      sql`UPDATE bookings SET appointment_date = appointment_date + 1, starts_at = starts_at + interval '1 day',
          ends_at = ends_at + interval '1 day'
          WHERE id = ${id}::uuid`,
      [day(4), day(5)],
    )
    expect(moved).toEqual({ availability: [day(4), day(5)], agenda: [] })
  })

  test('one statement that pays one booking and cancels another names each date on its own channel', async () => {
    const paid = await bookedOn(day(6))
    const cancelled = await bookedOn(day(7))
    expect(
      await announcedBy(
        sql`UPDATE bookings SET
          paid = CASE WHEN id = ${paid}::uuid THEN true ELSE paid END,
          status = CASE WHEN id = ${cancelled}::uuid THEN 'cancelled' ELSE status END
        WHERE id IN (${paid}::uuid, ${cancelled}::uuid)`,
        [day(6), day(7)],
      ),
    ).toEqual({ availability: [day(7)], agenda: [day(6)] })
  })
})
