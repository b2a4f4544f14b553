import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { auditLog, bookings, paymentIntents, payments, sandboxIntents } from '../../db/schema'
import { PaymentProviderError } from '../../providers/payments'
import { day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount } from '../../test/factories'
import {
  cancelBooking,
  confirmCard,
  createIntent,
  DECLINED_CARD,
  payWithSandbox,
  pricedBooking,
  recordPayment,
} from '../../test/payment-kit'
import { createTestApp } from '../../test/test-app'

const clock = testClock('Asia/Dhaka', TODAY, '09:10')
const mail = captureMail()
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now, mailer: mail })
})
afterAll(() => app.close())

const bookingOf = async (id: string) => {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}
const paymentsOf = (bookingId: string) =>
  app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))

describe('paying a booking', () => {
  test('charges the booking own fee, whatever price the browser sends, and marks it paid', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId, 1)
    expect(intent.statusCode).toBe(200)
    const [stored] = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, bookingId))
    expect(stored).toMatchObject({ amountMinor: 80_000, currency: 'bdt', provider: 'sandbox' })
    const confirmed = await confirmCard(app, intent.json().clientSecret)
    expect(confirmed.statusCode).toBe(200)
    const recorded = await recordPayment(app, patient, bookingId, confirmed.json().paymentIntent.id, {
      price: 1,
    })
    expect(recorded.statusCode).toBe(200)
    expect(recorded.json()).toEqual({ payment: { insertedId: expect.any(String) } })
    const [payment] = await paymentsOf(bookingId)
    expect(payment).toMatchObject({
      amountMinor: 80_000,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    })
    expect((await bookingOf(bookingId))?.paid).toBe(true)
    const read = await app.inject({ url: `/api/booking/${bookingId}`, headers: patient.headers })
    expect(read.json().paid).toBe(true)
  })

  test('one intent per booking, also when asked twice at once', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const [first, second] = await Promise.all([
      createIntent(app, patient, bookingId),
      createIntent(app, patient, bookingId),
    ])
    const third = await createIntent(app, patient, bookingId)
    const secrets = new Set([first, second, third].map((res) => res.json().clientSecret))
    expect(secrets.size).toBe(1)
    const atTheProcessor = await app.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.idempotencyKey, `booking-${bookingId}-80000`))
    expect(atTheProcessor).toHaveLength(1)
  })

  test("another patient can neither create an intent for nor record a payment of someone else's booking", async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const stranger = await createAccount(app)
    const intent = await createIntent(app, stranger, bookingId)
    expect(intent.statusCode).toBe(404)
    expect(intent.json().code).toBe('NOT_FOUND')
    const own = await createIntent(app, patient, bookingId)
    const confirmed = await confirmCard(app, own.json().clientSecret)
    const recorded = await recordPayment(app, stranger, bookingId, confirmed.json().paymentIntent.id)
    expect(recorded.statusCode).toBe(404)
    expect(await paymentsOf(bookingId)).toEqual([])
    expect((await bookingOf(bookingId))?.paid).toBe(false)
  })

  test("a made-up, a refused or another booking's intent marks nothing paid", async () => {
    const { patient, bookingId } = await pricedBooking(app, 4)
    const other = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: patient.headers,
      payload: {
        appointmentDate: day(5),
        treatmentName: 'Teeth Cleaning',
        patientName: patient.name,
        slot: '10:00 AM - 10:30 AM',
        phone: '01700000000',
      },
    })
    const otherId: string = other.json().bookings.insertedId
    const madeUp = await recordPayment(app, patient, bookingId, 'pi_sbx_000000000000000000000000')
    expect(madeUp.json().code).toBe('PAYMENT_NOT_CONFIRMED')

    const intent = await createIntent(app, patient, bookingId)
    const refused = await confirmCard(app, intent.json().clientSecret, DECLINED_CARD)
    expect(refused.statusCode).toBe(402)
    const [sandbox] = await app.database.db
      .select({ id: sandboxIntents.id })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, intent.json().clientSecret))
    const unpaid = await recordPayment(app, patient, bookingId, String(sandbox?.id))
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().code).toBe('PAYMENT_NOT_CONFIRMED')

    const otherIntent = await createIntent(app, patient, otherId)
    const paidOther = await confirmCard(app, otherIntent.json().clientSecret)
    const wrongBooking = await recordPayment(app, patient, bookingId, paidOther.json().paymentIntent.id)
    expect(wrongBooking.json().code).toBe('PAYMENT_NOT_CONFIRMED')
    expect(await paymentsOf(bookingId)).toEqual([])
    expect((await bookingOf(bookingId))?.paid).toBe(false)
  })

  test('a replayed payment, or two at once, is one payment with one receipt', async () => {
    const { patient, bookingId, slot } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const confirmed = await confirmCard(app, intent.json().clientSecret)
    const transactionId: string = confirmed.json().paymentIntent.id
    const answers = await Promise.all([
      recordPayment(app, patient, bookingId, transactionId),
      recordPayment(app, patient, bookingId, transactionId),
    ])
    const replay = await recordPayment(app, patient, bookingId, transactionId)
    const ids = new Set([...answers, replay].map((res) => res.json().payment.insertedId))
    expect(ids.size).toBe(1)
    expect(await paymentsOf(bookingId)).toHaveLength(1)
    await app.outbox.drain()
    const receipts = mail.sent.filter(
      (m) => m.to === patient.email && m.subject.startsWith('Payment received'),
    )
    expect(receipts).toHaveLength(1)
    expect(receipts[0]?.subject).toBe(`Payment received: Teeth Cleaning on Jun 13, 2026, ${slot}`)
    expect(receipts[0]?.text).toContain('Amount paid: 800 TK')
    expect(receipts[0]?.text).toContain('Paid with: Visa ending in 4242')
    expect(receipts[0]?.text).not.toContain('4242 4242')
  })

  test('a paid, cancelled, unpriced or past booking gets no intent', async () => {
    const paid = await pricedBooking(app)
    await payWithSandbox(app, paid.patient, paid.bookingId)
    expect((await createIntent(app, paid.patient, paid.bookingId)).json().code).toBe('ALREADY_PAID')

    const cancelled = await pricedBooking(app)
    await cancelBooking(app, cancelled.patient, cancelled.bookingId)
    expect((await createIntent(app, cancelled.patient, cancelled.bookingId)).json().code).toBe(
      'BOOKING_CANCELLED',
    )

    const free = await pricedBooking(app)
    await app.database.db.update(bookings).set({ priceTk: null }).where(eq(bookings.id, free.bookingId))
    expect((await createIntent(app, free.patient, free.bookingId)).json().code).toBe('NOT_PRICED')

    const soon = await pricedBooking(app, 1)
    clock.at(day(1), '11:00')
    try {
      const late = await createIntent(app, soon.patient, soon.bookingId)
      expect(late.statusCode).toBe(409)
      expect(late.json().code).toBe('BOOKING_PAST')
    } finally {
      clock.at(TODAY, '09:10')
    }
  })

  test('a payment that arrives for a booking cancelled meanwhile is refunded at once', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const confirmed = await confirmCard(app, intent.json().clientSecret)
    expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
    const recorded = await recordPayment(app, patient, bookingId, confirmed.json().paymentIntent.id)
    expect(recorded.statusCode).toBe(409)
    expect(recorded.json().code).toBe('BOOKING_CANCELLED')
    const [payment] = await paymentsOf(bookingId)
    expect(payment?.status).toBe('refunded')
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
  })

  test('a cancellation that lands while the processor is asked is seen: the payment goes back', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const confirmed = await confirmCard(app, intent.json().clientSecret)
    const provider = app.paymentProvider
    const retrieve = provider.retrieveIntent.bind(provider)
    const spy = vi.spyOn(provider, 'retrieveIntent').mockImplementationOnce(async (id) => {
      // The booking was read as booked before this call; the patient cancels it meanwhile.
      expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
      return retrieve(id)
    })
    try {
      const recorded = await recordPayment(app, patient, bookingId, confirmed.json().paymentIntent.id)
      expect(recorded.json().code).toBe('BOOKING_CANCELLED')
    } finally {
      spy.mockRestore()
    }
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
  })

  test('a refund of such a payment that fails is made when the browser records the payment again', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const confirmed = await confirmCard(app, intent.json().clientSecret)
    const transactionId: string = confirmed.json().paymentIntent.id
    const refund = vi
      .spyOn(app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new PaymentProviderError('processor unreachable'))
    try {
      // The cancellation finds the intent paid and refunds it at once; that refund fails, the
      // cancellation stands.
      expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
    } finally {
      refund.mockRestore()
    }
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'succeeded' }])
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
    const [failure] = await app.database.db
      .select({ userId: auditLog.userId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'refund_failed'), eq(auditLog.userId, patient.id)))
    expect(failure?.detail).toEqual({ bookingId, transactionId, amountMinor: 80_000 })

    const again = await recordPayment(app, patient, bookingId, transactionId)
    expect(again.json().code).toBe('BOOKING_CANCELLED')
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
  })

  test('the payment page learns the processor and the refund cutoff', async () => {
    const res = await app.inject({ url: '/api/payments/config' })
    expect(res.json()).toEqual({ provider: 'sandbox', refundCutoffHours: 24 })
  })
})

describe('cancelling a paid booking', () => {
  test('before the cutoff: refunded in full, then cancelled; the slot is free again; both in the audit log', async () => {
    const { patient, bookingId, slot } = await pricedBooking(app, 6)
    const { transactionId } = await payWithSandbox(app, patient, bookingId)
    expect(await freeSlots(app, day(6))).not.toContain(slot)
    const res = await cancelBooking(app, patient, bookingId)
    expect(res.statusCode).toBe(200)
    expect(res.json().booking).toMatchObject({ status: 'cancelled', paid: false, refunded: true })
    const listed = await app.inject({
      method: 'GET',
      url: `/api/booking/${bookingId}`,
      headers: patient.headers,
    })
    expect(listed.json()).toMatchObject({ status: 'cancelled', refunded: true })
    const [payment] = await paymentsOf(bookingId)
    expect(payment).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_sbx_/) })
    const [atTheProcessor] = await app.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, transactionId))
    expect(atTheProcessor?.refundId).toBe(payment?.refundId)
    expect(await freeSlots(app, day(6))).toContain(slot)
    await app.outbox.drain()
    const refundReceipt = mail.sent.find(
      (m) => m.to === patient.email && m.subject.startsWith('Refund issued'),
    )
    expect(refundReceipt?.text).toContain('Amount refunded: 800 TK')
    const events = await app.database.db
      .select({ event: auditLog.event, detail: auditLog.detail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userId, patient.id),
          inArray(auditLog.event, ['payment_recorded', 'payment_refunded']),
        ),
      )
    expect(events.map((e) => e.event).sort()).toEqual(['payment_recorded', 'payment_refunded'])
    for (const e of events) expect(e.detail).toEqual({ bookingId, transactionId, amountMinor: 80_000 })
  })

  test('twice at once: one refund, one cancellation', async () => {
    const { patient, bookingId } = await pricedBooking(app, 7)
    await payWithSandbox(app, patient, bookingId)
    const answers = await Promise.all([
      cancelBooking(app, patient, bookingId),
      cancelBooking(app, patient, bookingId),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((res) => res.statusCode === 409)?.json().code).toBe('ALREADY_CANCELLED')
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
  })

  test('after the cutoff: the patient is sent to the clinic and nothing changes', async () => {
    const { patient, bookingId } = await pricedBooking(app, 1)
    await payWithSandbox(app, patient, bookingId)
    clock.at(day(1), '08:00')
    try {
      const res = await cancelBooking(app, patient, bookingId)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: 'REFUND_CUTOFF_PASSED',
        message:
          'Please call the clinic on +1 (212) 555-0147 (8.00AM to 6.00PM) to cancel a paid appointment.',
      })
    } finally {
      clock.at(TODAY, '09:10')
    }
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: true })
  })

  test('a refund the processor refuses leaves the booking and the payment as they were', async () => {
    const { patient, bookingId } = await pricedBooking(app, 8)
    await payWithSandbox(app, patient, bookingId)
    const refund = vi
      .spyOn(app.paymentProvider, 'refund')
      .mockRejectedValueOnce(new PaymentProviderError('processor unreachable'))
    try {
      const res = await cancelBooking(app, patient, bookingId)
      expect(res.statusCode).toBe(502)
      expect(res.json().code).toBe('REFUND_FAILED')
      expect(res.json().message).not.toContain('unreachable')
    } finally {
      refund.mockRestore()
    }
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: true })
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'succeeded', refundId: null }])
    const retried = await cancelBooking(app, patient, bookingId)
    expect(retried.statusCode).toBe(200)
  })
})
