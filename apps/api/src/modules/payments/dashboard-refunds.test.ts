import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, bookings, outbox, paymentIntents, payments } from '../../db/schema'
import { day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAdmin, type TestAccount } from '../../test/factories'
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe'
import { createIntent, createStripeApp, deliverEvent, pricedBooking } from '../../test/payment-kit'

/**
 * A refund made in Stripe's dashboard is read from the charge's own
 * `refunded` and `amount_refunded`, which every API version sends.
 */
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
const mail = captureMail()
let fake: FakeStripe
let app: FastifyInstance
let admin: TestAccount
beforeAll(async () => {
  fake = await startFakeStripe()
  app = await createStripeApp(fake, { now: clock.now, mailer: mail })
  admin = await createAdmin(app)
})
afterAll(async () => {
  await app.close()
  await fake.close()
})

const bookingOf = async (id: string) => {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}
const paymentOf = async (bookingId: string) => {
  const [row] = await app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
  return row
}
const auditOf = (userId: string, event: string) =>
  app.database.db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)))
const refundReceipts = (bookingId: string) =>
  app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'refund_receipt')))

/** A booking paid through Stripe, as the webhook records it. */
async function paidBooking(offset: number) {
  const booked = await pricedBooking(app, offset)
  expect((await createIntent(app, booked.patient, booked.bookingId)).statusCode).toBe(200)
  const [stored] = await app.database.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.bookingId, booked.bookingId))
  if (!stored) throw new Error('no intent stored')
  fake.succeed(stored.id)
  const paid = fake.signedEvent('payment_intent.succeeded', fake.intentObject(stored.id))
  expect((await deliverEvent(app, paid)).statusCode).toBe(200)
  expect((await bookingOf(booked.bookingId))?.paid).toBe(true)
  return { ...booked, intentId: stored.id }
}

const refundedEvent = (charge: object) => fake.signedEvent('charge.refunded', charge)

describe('a refund made in the Stripe dashboard', () => {
  test('in full: the payment is refunded and the slot freed, once, whatever the number of events', async () => {
    const { patient, bookingId, intentId, slot } = await paidBooking(5)
    expect(await freeSlots(app, day(5))).not.toContain(slot)
    const charge = fake.refundedChargeObject(intentId)
    expect(charge).not.toHaveProperty('refunds')
    for (const event of [refundedEvent(charge), refundedEvent(charge)])
      expect((await deliverEvent(app, event)).statusCode).toBe(200)

    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', amountRefundedMinor: 80_000 })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await freeSlots(app, day(5))).toContain(slot)
    expect(await refundReceipts(bookingId)).toHaveLength(1)
    expect(await auditOf(patient.id, 'payment_refunded')).toEqual([
      { detail: { bookingId, transactionId: intentId, amountMinor: 80_000 } },
    ])
  })

  test('in part: recorded with its amount, the booking kept paid, the patient told and the admin shown', async () => {
    const { patient, bookingId, intentId, slot } = await paidBooking(6)
    const partial = refundedEvent(fake.refundedChargeObject(intentId, 20_000))
    expect((await deliverEvent(app, partial)).statusCode).toBe(200)

    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', amountRefundedMinor: 20_000 })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: true })
    expect(await freeSlots(app, day(6))).not.toContain(slot)
    expect(await auditOf(patient.id, 'payment_partially_refunded')).toEqual([
      { detail: { bookingId, transactionId: intentId, amountMinor: 80_000, refundedMinor: 20_000 } },
    ])
    await app.outbox.drain()
    const receipt = mail.sent.find(
      (m) => m.to === patient.email && m.subject.startsWith('Partial refund issued'),
    )
    expect(receipt?.text).toContain('Amount refunded: 200 TK of 800 TK')
    expect(receipt?.text).toContain('Your appointment stays booked.')
    expect(receipt?.text).not.toContain('in full')

    const agenda = await app.inject({ url: `/api/agenda?date=${day(6)}`, headers: admin.headers })
    const entry = agenda.json().bookings.find((b: { _id: string }) => b._id === bookingId)
    expect(entry).toMatchObject({ paid: true, refunded: 200 })

    // The rest refunded later: now it is a full refund, which frees the slot.
    expect((await deliverEvent(app, refundedEvent(fake.refundedChargeObject(intentId)))).statusCode).toBe(200)
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', amountRefundedMinor: 80_000 })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
  })

  test('a partial refund in the shape of older API versions, with its refunds listed, is still partial', async () => {
    const { bookingId, intentId } = await paidBooking(7)
    const legacy = fake.legacyRefundedChargeObject(intentId, 30_000)
    expect((await deliverEvent(app, refundedEvent(legacy))).statusCode).toBe(200)
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', amountRefundedMinor: 30_000 })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: true })
    expect(await refundReceipts(bookingId)).toHaveLength(1)
  })

  test('an older partial refund delivered after a larger one changes nothing', async () => {
    const { bookingId, intentId } = await paidBooking(8)
    const larger = refundedEvent(fake.refundedChargeObject(intentId, 50_000))
    const older = refundedEvent(fake.refundedChargeObject(intentId, 10_000))
    for (const event of [larger, older]) expect((await deliverEvent(app, event)).statusCode).toBe(200)
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'succeeded', amountRefundedMinor: 50_000 })
    expect(await refundReceipts(bookingId)).toHaveLength(1)
  })
})
