import type { CreateBookingBody } from '@shared/bookings'
import { addDays, clinicInstant } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { closedWeekdays, holidays } from '../db/schema'
import type { TestAccount } from './factories'

/** The suites run once per zone: the default one, and one with daylight saving time. */
export const CLINIC_ZONES = ['Asia/Dhaka', 'America/New_York'] as const

/** A clock the test moves: `at` a wall-clock time of the clinic, or `set` to a UTC instant. */
export function testClock(timeZone: string, date: string, time: string) {
  let current = clinicInstant(date, time, timeZone)
  return {
    now: () => current,
    at(day: string, clock: string) {
      current = clinicInstant(day, clock, timeZone)
    },
    set(instant: Date) {
      current = instant
    },
  }
}

/** A Wednesday far from any DST change, used as the clinic's "today" by most tests. */
export const TODAY = '2026-06-10'
export const day = (offset: number) => addDays(TODAY, offset)

export const getOptions = (app: FastifyInstance, date: string) =>
  app.inject({ method: 'GET', url: `/api/appOptions?date=${date}` })

export async function freeSlots(
  app: FastifyInstance,
  date: string,
  treatment = 'Teeth Cleaning',
): Promise<string[]> {
  const res = await getOptions(app, date)
  if (res.statusCode !== 200) throw new Error(`appOptions ${date}: ${res.statusCode} ${res.body}`)
  const option = res.json().options.find((o: { name: string }) => o.name === treatment)
  return option.slots
}

/** What the booking form sends for this patient: Teeth Cleaning tomorrow at 10:00, unless overridden. */
export const bookingBody = (
  patient: TestAccount,
  overrides: Partial<CreateBookingBody> = {},
): CreateBookingBody => ({
  appointmentDate: day(1),
  treatmentName: 'Teeth Cleaning',
  patientName: patient.name,
  slot: '10:00 AM - 10:30 AM',
  email: patient.email,
  phone: '+880 1700 000000',
  price: 800,
  ...overrides,
})

export function book(
  app: FastifyInstance,
  patient: TestAccount,
  overrides: Partial<CreateBookingBody> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { ...patient.headers, ...headers },
    payload: bookingBody(patient, overrides),
  })
}

/** The patient cancels their own booking, as My Appointment does. */
export const cancelBooking = (app: FastifyInstance, patient: TestAccount, bookingId: string) =>
  app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: patient.headers })

/** The patient asks to be told when a slot of a full day frees (Notify me). */
export const joinWaitlist = (app: FastifyInstance, patient: TestAccount, treatmentId: string, date: string) =>
  app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: patient.headers,
    payload: { treatmentId, date, phone: '+880 1700 000000' },
  })

/** What the admin screens will do; the database tells the availability cache (migration 0007). */
export async function closeClinic(app: FastifyInstance, closed: { weekday?: number; holiday?: string }) {
  if (closed.weekday !== undefined)
    await app.database.db.insert(closedWeekdays).values({ weekday: closed.weekday })
  if (closed.holiday)
    await app.database.db.insert(holidays).values({ date: closed.holiday, reason: 'Test holiday' })
}
