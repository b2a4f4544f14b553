import { clinicInstant } from '@shared/clinic-time'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, CLINIC_ZONES, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

describe.each(CLINIC_ZONES)('booking mail in %s', (zone) => {
  let app: FastifyInstance
  const mail = captureMail()
  beforeAll(async () => {
    app = await createTestApp(
      { CLINIC_TIMEZONE: zone, PUBLIC_URL: 'https://clinic.example' },
      { now: testClock(zone, TODAY, '09:10').now, mailer: mail },
    )
  })
  afterAll(() => app.close())

  test('a booking sends a confirmation with a calendar invitation at the clinic time', async () => {
    const patient = await createAccount(app, { name: 'Amina Rahman' })
    const res = await book(app, patient, {
      appointmentDate: day(1),
      slot: '10:00 AM - 10:30 AM',
      patientName: 'Amina, Jr.',
    })
    const id = res.json().bookings.insertedId
    await app.outbox.drain()
    const message = mail.sent.at(-1)
    expect(message?.to).toBe(patient.email)
    expect(message?.subject).toContain('Booking confirmed: Teeth Cleaning')
    expect(message?.text).toContain('Fee: 800 TK')
    expect(message?.text).toContain('https://clinic.example/dashboard')
    const invite = message?.attachments?.[0]
    expect(invite?.filename).toBe('appointment.ics')
    expect(invite?.contentType).toContain('text/calendar')
    const start = clinicInstant(day(1), '10:00', zone)
    const end = clinicInstant(day(1), '10:30', zone)
    for (const line of [
      'METHOD:REQUEST',
      `UID:${id}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(end)}`,
      'STATUS:CONFIRMED',
    ])
      expect(invite?.content).toContain(`\r\n${line}\r\n`)
    expect(invite?.content).toContain('Patient: Amina\\, Jr.')
  })

  test('a cancellation sends a CANCEL for the same event', async () => {
    const patient = await createAccount(app)
    const id = (await book(app, patient, { appointmentDate: day(2) })).json().bookings.insertedId
    await app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: patient.headers })
    await app.outbox.drain()
    const message = mail.sent.at(-1)
    expect(message?.subject).toContain('Booking cancelled: Teeth Cleaning')
    const invite = message?.attachments?.[0]?.content
    for (const line of ['METHOD:CANCEL', `UID:${id}`, 'STATUS:CANCELLED', 'SEQUENCE:1'])
      expect(invite).toContain(`\r\n${line}\r\n`)
  })
})
