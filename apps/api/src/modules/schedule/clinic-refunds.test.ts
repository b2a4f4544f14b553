import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { payments } from '../../db/schema'
import { PaymentProviderError } from '../../providers/payments'
import { day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAdmin, type TestAccount } from '../../test/factories'
import { payWithSandbox } from '../../test/payment-kit'
import { refusal } from '../../test/refusal'
import { auditBy, bookAs, bookingRow, createTreatment, optionOf, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

const TEN = '10:00 AM - 10:30 AM'
const ELEVEN = '11:00 AM - 11:30 AM'

/** The clinic cancelling a paid appointment (a change the admin makes) refunds it in full. */
describe('paid appointments the clinic cancels', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const mail = captureMail()
  // Tomorrow's appointments are inside the patient's 24-hour refund cutoff: the clinic's refund ignores it.
  const clock = testClock('Asia/Dhaka', TODAY, '09:10')
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://clinic.example' }, { now: clock.now, mailer: mail })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  const retire = (id: string, choice?: string) =>
    scheduleCall(app, admin, 'DELETE', `/treatments/${id}${choice ? `?affectedBookings=${choice}` : ''}`)
  const paymentOf = async (bookingId: string) =>
    (await app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0]

  /** A treatment with an unpaid booking tomorrow at ten and a paid one the day after at eleven. */
  async function paidAndUnpaid() {
    const treatment = await createTreatment(app, admin, { price: 900, starts: ['10:00', '11:00'] })
    const unpaid = await bookAs(app, treatment.name, day(1), TEN)
    const paid = await bookAs(app, treatment.name, day(2), ELEVEN)
    await payWithSandbox(app, paid.patient, paid.id)
    await app.outbox.drain()
    return { treatment, unpaid, paid, mailsBefore: mail.sent.length }
  }

  test("'cancel' refunds the paid one in full and cancels both, one notice each, slots free", async () => {
    const { treatment, unpaid, paid, mailsBefore } = await paidAndUnpaid()
    const res = await retire(treatment._id, 'cancel')
    expect(res.statusCode).toBe(200)
    expect(res.json().affected).toEqual({ kept: 0, cancelled: 2, refunded: 1 })
    expect(await bookingRow(app, unpaid.id)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await bookingRow(app, paid.id)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'refunded' })

    await app.outbox.drain()
    const sent = mail.sent.slice(mailsBefore)
    const to = (email: string) => sent.filter((m) => m.to === email).map((m) => m.subject)
    const on = (date: string, slot: string) => `${treatment.name} on ${date}, ${slot}`
    expect(to(unpaid.patient.email)).toEqual([`Cancelled by the clinic: ${on('Jun 11, 2026', TEN)}`])
    // The clinic's notice in place of the cancellation mail, and the refund's receipt.
    expect(to(paid.patient.email).sort()).toEqual([
      `Cancelled by the clinic: ${on('Jun 12, 2026', ELEVEN)}`,
      `Refund issued: ${on('Jun 12, 2026', ELEVEN)}`,
    ])
    const notice = sent.find((m) => m.to === paid.patient.email && m.subject.startsWith('Cancelled'))
    expect(notice?.text).toContain(`because ${treatment.name} is no longer offered.`)
    expect(notice?.text).toContain('Your payment has been refunded in full')
    expect(notice?.text).toContain('Fee: 900 TK (refunded in full)')
    const unpaidNotice = sent.find((m) => m.to === unpaid.patient.email)
    expect(unpaidNotice?.text).toContain('Fee: 900 TK (not charged)')
    expect(unpaidNotice?.text).not.toContain('refunded')

    const again = await createTreatment(app, admin, { name: treatment.name, starts: ['10:00', '11:00'] })
    expect((await optionOf(app, day(1), again.name))?.slots).toEqual([TEN, ELEVEN])
    expect((await optionOf(app, day(2), again.name))?.slots).toEqual([TEN, ELEVEN])

    expect((await auditBy(app, admin)).find((e) => e.event === 'treatment_retired')?.detail).toEqual({
      treatmentId: treatment._id,
      name: treatment.name,
      kept: 0,
      cancelled: 2,
      refunded: 1,
    })
  })

  test("'keep' keeps both, the paid one still paid", async () => {
    const { treatment, unpaid, paid } = await paidAndUnpaid()
    expect((await retire(treatment._id, 'keep')).json().affected).toEqual({
      kept: 2,
      cancelled: 0,
      refunded: 0,
    })
    expect(await bookingRow(app, unpaid.id)).toMatchObject({ status: 'booked' })
    expect(await bookingRow(app, paid.id)).toMatchObject({ status: 'booked', paid: true })
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'succeeded' })
    // Retiring it again is refused before anything is refunded.
    expect(refusal(await retire(treatment._id, 'cancel'))).toEqual({ status: 409, code: 'TREATMENT_RETIRED' })
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'succeeded' })
  })

  test('a refund the provider refuses stops the change before anything changed; trying again works', async () => {
    const { treatment, unpaid, paid, mailsBefore } = await paidAndUnpaid()
    const refund = vi
      .spyOn(app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new PaymentProviderError('processor unreachable'))
    try {
      const res = await retire(treatment._id, 'cancel')
      expect(res.statusCode).toBe(502)
      expect(res.json()).toEqual({ code: 'REFUND_FAILED', message: M.refundFailed(0) })
    } finally {
      refund.mockRestore()
    }
    expect(await optionOf(app, day(3), treatment.name)).toBeDefined()
    expect(await bookingRow(app, unpaid.id)).toMatchObject({ status: 'booked' })
    expect(await bookingRow(app, paid.id)).toMatchObject({ status: 'booked', paid: true })
    expect(await paymentOf(paid.id)).toMatchObject({ status: 'succeeded', refundId: null })
    expect(
      (await auditBy(app, admin)).some(
        (e) => e.detail?.treatmentId === treatment._id && e.event === 'treatment_retired',
      ),
    ).toBe(false)
    await app.outbox.drain()
    expect(mail.sent.length).toBe(mailsBefore)

    expect((await retire(treatment._id, 'cancel')).json().affected).toEqual({
      kept: 0,
      cancelled: 2,
      refunded: 1,
    })
  })

  test('refunds made before one fails stay made, with their bookings cancelled', async () => {
    const treatment = await createTreatment(app, admin, { price: 500, starts: ['10:00', '11:00'] })
    const first = await bookAs(app, treatment.name, day(4), TEN)
    const second = await bookAs(app, treatment.name, day(4), ELEVEN)
    await payWithSandbox(app, first.patient, first.id)
    await payWithSandbox(app, second.patient, second.id)
    const provider = app.paymentProvider
    const original = provider.refund.bind(provider)
    const refund = vi
      .spyOn(provider, 'refund')
      .mockImplementationOnce(original)
      .mockRejectedValueOnce(new PaymentProviderError('processor unreachable'))
    try {
      const res = await retire(treatment._id, 'cancel')
      expect(res.json()).toEqual({ code: 'REFUND_FAILED', message: M.refundFailed(1) })
    } finally {
      refund.mockRestore()
    }
    expect(await bookingRow(app, first.id)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await bookingRow(app, second.id)).toMatchObject({ status: 'booked', paid: true })
    expect(await optionOf(app, day(4), treatment.name)).toBeDefined()
    expect((await retire(treatment._id, 'cancel')).json().affected).toEqual({
      kept: 0,
      cancelled: 1,
      refunded: 1,
    })
  })

  test('a booking paid while the refunds are made is kept, and counted as kept', async () => {
    const { treatment, unpaid, paid } = await paidAndUnpaid()
    const provider = app.paymentProvider
    const original = provider.refund.bind(provider)
    const refund = vi.spyOn(provider, 'refund').mockImplementationOnce(async (input) => {
      await payWithSandbox(app, unpaid.patient, unpaid.id)
      return original(input)
    })
    try {
      const res = await retire(treatment._id, 'cancel')
      expect(res.json().affected).toEqual({ kept: 1, cancelled: 1, refunded: 1 })
    } finally {
      refund.mockRestore()
    }
    expect(await bookingRow(app, paid.id)).toMatchObject({ status: 'cancelled' })
    expect(await bookingRow(app, unpaid.id)).toMatchObject({ status: 'booked', paid: true })
  })

  test('a holiday refunds the paid appointments of its date; one already set refunds nothing', async () => {
    const treatment = await createTreatment(app, admin)
    const closing = await bookAs(app, treatment.name, day(20), TEN)
    const keeping = await bookAs(app, treatment.name, day(21), TEN)
    await payWithSandbox(app, closing.patient, closing.id)
    await payWithSandbox(app, keeping.patient, keeping.id)
    const addHoliday = (date: string, affectedBookings: string) =>
      scheduleCall(app, admin, 'POST', '/holidays', { date, affectedBookings })

    expect((await addHoliday(day(20), 'cancel')).json().affected).toEqual({
      kept: 0,
      cancelled: 1,
      refunded: 1,
    })
    expect(await paymentOf(closing.id)).toMatchObject({ status: 'refunded' })

    expect((await addHoliday(day(21), 'keep')).json().affected).toEqual({
      kept: 1,
      cancelled: 0,
      refunded: 0,
    })
    expect(refusal(await addHoliday(day(21), 'cancel'))).toEqual({ status: 409, code: 'HOLIDAY_EXISTS' })
    expect(await paymentOf(keeping.id)).toMatchObject({ status: 'succeeded' })
    expect(await bookingRow(app, keeping.id)).toMatchObject({ status: 'booked', paid: true })
  })
})
