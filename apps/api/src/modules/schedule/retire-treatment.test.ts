import { clinicInstant } from '@shared/clinic-time'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { payWithSandbox } from '../../test/payment-kit'
import { refusal } from '../../test/refusal'
import { auditBy, bookAs, bookingRow, createTreatment, optionOf, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const TEN = '10:00 AM - 10:30 AM'
const ELEVEN = '11:00 AM - 11:30 AM'

describe('retiring a treatment', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const mail = captureMail()
  const clock = testClock('Asia/Dhaka', TODAY, '09:10')
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://clinic.example' }, { now: clock.now, mailer: mail })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const impact = (id: string) => scheduleCall(app, admin, 'GET', `/treatments/${id}/impact`)
  const retire = (id: string, choice?: string) =>
    scheduleCall(app, admin, 'DELETE', `/treatments/${id}${choice ? `?affectedBookings=${choice}` : ''}`)

  test('without bookings it is retired at once: gone from appOptions, appointmentSpecialty and booking', async () => {
    const treatment = await createTreatment(app, admin)
    expect(await optionOf(app, day(2), treatment.name)).toBeDefined()
    expect((await impact(treatment._id)).json()).toEqual({ bookings: 0, paid: 0 })

    const res = await retire(treatment._id)
    expect(res.statusCode).toBe(200)
    expect(res.json().affected).toEqual({ kept: 0, cancelled: 0, refunded: 0 })
    expect(res.json().treatment.retiredAt).toEqual(clock.now().toISOString())

    expect(await optionOf(app, day(2), treatment.name)).toBeUndefined()
    const specialty = (await app.inject({ method: 'GET', url: '/api/appointmentSpecialty' })).json().specialty
    expect(specialty.map((s: { name: string }) => s.name)).not.toContain(treatment.name)
    const patient = await createAccount(app)
    const refused = await book(app, patient, {
      treatmentName: treatment.name,
      appointmentDate: day(2),
      slot: TEN,
    })
    expect(refusal(refused)).toEqual({ status: 400, code: 'TREATMENT_NOT_OFFERED' })

    const listed = (await scheduleCall(app, admin, 'GET', '')).json().treatments
    expect(listed.at(-1)).toMatchObject({ _id: treatment._id, retiredAt: clock.now().toISOString() })
    expect(refusal(await retire(treatment._id))).toEqual({ status: 409, code: 'TREATMENT_RETIRED' })
    expect(
      refusal(await scheduleCall(app, admin, 'PATCH', `/treatments/${treatment._id}`, { price: 1 })),
    ).toEqual({
      status: 409,
      code: 'TREATMENT_RETIRED',
    })
  })

  test('with upcoming bookings it first says how many, and changes nothing', async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00', '11:00'] })
    await bookAs(app, treatment.name, day(1), TEN)
    await bookAs(app, treatment.name, day(4), ELEVEN)
    expect((await impact(treatment._id)).json()).toEqual({ bookings: 2, paid: 0 })
    const res = await retire(treatment._id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ code: 'BOOKINGS_AFFECTED', message: M.bookingsAffected(2) })
    expect(M.bookingsAffected(2)).toContain('2 upcoming appointments')
    expect(await optionOf(app, day(2), treatment.name)).toBeDefined()
    expect(refusal(await retire(treatment._id, 'maybe'))).toEqual({ status: 400, code: 'VALIDATION' })
  })

  test("a booking made between the count and the change is counted: the change's own count decides", async () => {
    const treatment = await createTreatment(app, admin, { starts: ['10:00', '11:00'] })
    await bookAs(app, treatment.name, day(1), TEN)
    expect((await impact(treatment._id)).json().bookings).toBe(1)
    await bookAs(app, treatment.name, day(1), ELEVEN)
    expect((await retire(treatment._id)).json().message).toBe(M.bookingsAffected(2))
    expect((await retire(treatment._id, 'cancel')).json().affected).toEqual({
      kept: 0,
      cancelled: 2,
      refunded: 0,
    })
  })

  test("'keep' keeps every booking, on the patient's list too, and offers the treatment no more", async () => {
    const treatment = await createTreatment(app, admin)
    const { patient, id } = await bookAs(app, treatment.name, day(3), TEN)
    const res = await retire(treatment._id, 'keep')
    expect(res.statusCode).toBe(200)
    expect(res.json().affected).toEqual({ kept: 1, cancelled: 0, refunded: 0 })
    expect(await bookingRow(app, id)).toMatchObject({ status: 'booked', treatmentName: treatment.name })
    const mine = await app.inject({
      method: 'GET',
      url: `/api/bookings?email=${patient.email}`,
      headers: patient.headers,
    })
    expect(mine.json().bookings).toEqual([expect.objectContaining({ _id: id, status: 'booked' })])
    expect(await optionOf(app, day(3), treatment.name)).toBeUndefined()
  })

  test("'cancel' cancels each booking, the paid one refunded, with one notice mail each, and frees the slots", async () => {
    const treatment = await createTreatment(app, admin, { price: 900, starts: ['10:00', '11:00'] })
    const first = await bookAs(app, treatment.name, day(2), TEN)
    const second = await bookAs(app, treatment.name, day(5), ELEVEN)
    const paid = await bookAs(app, treatment.name, day(6), TEN)
    await payWithSandbox(app, paid.patient, paid.id)
    expect((await impact(treatment._id)).json()).toEqual({ bookings: 3, paid: 1 })
    await app.outbox.drain()
    const before = mail.sent.length

    const res = await retire(treatment._id, 'cancel')
    expect(res.json().affected).toEqual({ kept: 0, cancelled: 3, refunded: 1 })
    expect(await bookingRow(app, first.id)).toMatchObject({ status: 'cancelled' })
    expect(await bookingRow(app, second.id)).toMatchObject({ status: 'cancelled' })
    expect(await bookingRow(app, paid.id)).toMatchObject({ status: 'cancelled', paid: false })

    await app.outbox.drain()
    // Besides these, the paid one's refund receipt (clinic-refunds.test.ts).
    const notices = mail.sent.slice(before).filter((m) => !m.subject.startsWith('Refund issued'))
    expect(notices.map((m) => m.to).sort()).toEqual(
      [first.patient.email, second.patient.email, paid.patient.email].sort(),
    )
    const notice = notices.find((m) => m.to === first.patient.email)
    expect(notice?.subject).toBe(`Cancelled by the clinic: ${treatment.name} on Jun 12, 2026, ${TEN}`)
    expect(notice?.text).toContain(
      `the clinic has cancelled your appointment at Doctors Portal, because ${treatment.name} is no longer offered.`,
    )
    expect(notice?.text).toContain('https://clinic.example/appointment')
    const ics = notice?.attachments?.[0]?.content ?? ''
    expect(ics).toContain('METHOD:CANCEL')
    expect(ics).toContain(`UID:${first.id}`)

    // The slot is free again: a patient can book it under a new treatment of that name.
    const again = await createTreatment(app, admin, { name: treatment.name, starts: ['10:00'] })
    expect((await optionOf(app, day(2), again.name))?.slots).toEqual([TEN])
    expect((await bookAs(app, again.name, day(2), TEN)).id).toBeDefined()
  })

  test('bookings that have started are not counted', async () => {
    const treatment = await createTreatment(app, admin)
    await bookAs(app, treatment.name, TODAY, TEN)
    expect((await impact(treatment._id)).json().bookings).toBe(1)
    clock.set(clinicInstant(TODAY, '10:00', 'Asia/Dhaka'))
    try {
      expect((await impact(treatment._id)).json().bookings).toBe(0)
      expect((await retire(treatment._id)).statusCode).toBe(200)
    } finally {
      clock.at(TODAY, '09:10')
    }
  })

  test('retiring is audited with what happened to the bookings', async () => {
    const auditor = await createAdmin(app)
    const treatment = await createTreatment(app, auditor)
    await bookAs(app, treatment.name, day(2), TEN)
    await scheduleCall(app, auditor, 'DELETE', `/treatments/${treatment._id}?affectedBookings=keep`)
    const entry = (await auditBy(app, auditor)).at(-1)
    expect(entry).toMatchObject({
      event: 'treatment_retired',
      userId: null,
      detail: { treatmentId: treatment._id, name: treatment.name, kept: 1, cancelled: 0, refunded: 0 },
    })
  })
})
