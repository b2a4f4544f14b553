import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, bookings, outbox, paymentIntents, payments, stripeEvents } from '../../db/schema'
import { day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe'
import {
  cancelBooking,
  createIntent,
  createStripeApp,
  deliverEvent,
  pricedBooking,
  recordPayment,
} from '../../test/payment-kit'

const clock = testClock('Asia/Dhaka', TODAY, '09:10')
const mail = captureMail()
let fake: FakeStripe
let app: FastifyInstance
beforeAll(async () => {
  fake = await startFakeStripe()
  app = await createStripeApp(fake, { now: clock.now, mailer: mail })
})
afterAll(async () => {
  await app.close()
  await fake.close()
})

const bookingOf = async (id: string) => {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}
const paymentsOf = (bookingId: string) =>
  app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
const eventRow = async (id: string) => {
  const [row] = await app.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))
  return row
}

/** A priced booking with its Stripe intent, as the payment page leaves it before the card is charged. */
async function bookingWithIntent(offset = 3) {
  const booked = await pricedBooking(app, offset)
  const res = await createIntent(app, booked.patient, booked.bookingId)
  expect(res.statusCode).toBe(200)
  const [stored] = await app.database.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.bookingId, booked.bookingId))
  if (!stored) throw new Error('no intent stored')
  return { ...booked, intentId: stored.id, clientSecret: res.json().clientSecret as string }
}

const succeededEvent = (intentId: string, eventId?: string) =>
  fake.signedEvent('payment_intent.succeeded', fake.intentObject(intentId), { eventId })

describe('the Stripe webhook', () => {
  test('refuses a delivery with no signature, a wrong one, an altered body or a stale timestamp', async () => {
    const { bookingId, intentId } = await bookingWithIntent()
    fake.succeed(intentId)
    const event = succeededEvent(intentId)
    const stale = fake.signedEvent('payment_intent.succeeded', fake.intentObject(intentId), {
      timestamp: Math.floor(Date.now() / 1000) - 3_600,
    })
    const deliveries = [
      { body: event.body },
      {
        body: event.body,
        signature: event.signature.replace(/v1=([0-9a-f])/, (_, digit) => `v1=${digit === '0' ? '1' : '0'}`),
      },
      { body: event.body.replace('"succeeded"', '"succeeded" '), signature: event.signature },
      stale,
    ]
    for (const delivery of deliveries) {
      const res = await deliverEvent(app, delivery)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'The webhook signature could not be verified.',
      })
    }
    expect(await paymentsOf(bookingId)).toEqual([])
    expect((await bookingOf(bookingId))?.paid).toBe(false)
  })

  test('alone marks the booking paid, with the card and the receipt, when the browser never records it', async () => {
    const { patient, bookingId, intentId, slot } = await bookingWithIntent()
    fake.succeed(intentId, { brand: 'mastercard', last4: '4444' })
    const res = await deliverEvent(app, succeededEvent(intentId))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true })
    expect(await paymentsOf(bookingId)).toMatchObject([
      { transactionId: intentId, amountMinor: 80_000, cardBrand: 'mastercard', cardLast4: '4444' },
    ])
    expect((await bookingOf(bookingId))?.paid).toBe(true)
    const mine = await app.inject({ url: `/api/booking/${bookingId}`, headers: patient.headers })
    expect(mine.json().paid).toBe(true)
    await app.outbox.drain()
    const receipt = mail.sent.find((m) => m.to === patient.email && m.subject.startsWith('Payment received'))
    expect(receipt?.subject).toBe(`Payment received: Teeth Cleaning on Jun 13, 2026, ${slot}`)
    expect(receipt?.text).toContain('Paid with: Mastercard ending in 4444')
  })

  test('the same event delivered five times pays once, and Stripe is asked once', async () => {
    const { bookingId, intentId } = await bookingWithIntent()
    fake.succeed(intentId)
    const event = succeededEvent(intentId)
    for (let delivery = 0; delivery < 5; delivery++) {
      expect((await deliverEvent(app, event)).statusCode).toBe(200)
    }
    expect(await paymentsOf(bookingId)).toHaveLength(1)
    const receipts = await app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'payment_receipt')))
    expect(receipts).toHaveLength(1)
    const asked = fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(intentId))
    expect(asked).toHaveLength(1)
  })

  test('the browser and the webhook recording one payment at once make one payment', async () => {
    const { patient, bookingId, intentId } = await bookingWithIntent()
    fake.succeed(intentId)
    const [browser, webhook] = await Promise.all([
      recordPayment(app, patient, bookingId, intentId),
      deliverEvent(app, succeededEvent(intentId)),
    ])
    expect(browser.statusCode).toBe(200)
    expect(webhook.statusCode).toBe(200)
    const recorded = await paymentsOf(bookingId)
    expect(recorded).toHaveLength(1)
    expect(browser.json().payment.insertedId).toBe(recorded[0]?.id)
  })

  /** The database refuses the next write to `table` that matches `when`, once, as if it were down. */
  async function failOnce(table: string, when: string) {
    const statements = [
      'CREATE SEQUENCE webhook_test_writes',
      `CREATE FUNCTION webhook_test_fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF nextval('webhook_test_writes') = 1 THEN RAISE EXCEPTION 'database unavailable'; END IF;
         RETURN NEW;
       END $$`,
      `CREATE TRIGGER webhook_test_fail_once BEFORE INSERT ON ${table}
       FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION webhook_test_fail_once()`,
    ]
    for (const statement of statements) await app.database.db.execute(sql.raw(statement))
    return async () => {
      const tearDown = [
        `DROP TRIGGER webhook_test_fail_once ON ${table}`,
        'DROP FUNCTION webhook_test_fail_once',
        'DROP SEQUENCE webhook_test_writes',
      ]
      for (const statement of tearDown) await app.database.db.execute(sql.raw(statement))
    }
  }

  // The payment's write fails: an event marked seen before its handling would never be handled.
  // The event id's write fails: the payment written in the same transaction goes with it.
  test.each([
    ['the payment', 'payments', (intentId: string) => `NEW.transaction_id = '${intentId}'`],
    ['the event id', 'stripe_events', (_: string, eventId: string) => `NEW.id = '${eventId}'`],
  ])(
    'an event whose handling failed at %s is handled when Stripe delivers it again',
    async (_, table, when) => {
      const { bookingId, intentId } = await bookingWithIntent()
      fake.succeed(intentId)
      const event = succeededEvent(intentId)
      const eventId: string = JSON.parse(event.body).id
      const restore = await failOnce(table, when(intentId, eventId))
      try {
        const failed = await deliverEvent(app, event)
        expect(failed.statusCode).toBe(500)
        expect(await paymentsOf(bookingId)).toEqual([])
        expect((await bookingOf(bookingId))?.paid).toBe(false)
        expect(await eventRow(eventId)).toBeUndefined()

        const redelivered = await deliverEvent(app, event)
        expect(redelivered.statusCode).toBe(200)
        expect(await paymentsOf(bookingId)).toHaveLength(1)
        expect((await bookingOf(bookingId))?.paid).toBe(true)
        expect(await eventRow(eventId)).toMatchObject({ type: 'payment_intent.succeeded' })
      } finally {
        await restore()
      }
    },
  )

  test('a succeeded event after an earlier payment_failed for the same booking still pays it', async () => {
    const { patient, bookingId, intentId } = await bookingWithIntent()
    fake.fail(intentId, 'Your card was declined.')
    const failed = fake.signedEvent('payment_intent.payment_failed', fake.intentObject(intentId))
    expect((await deliverEvent(app, failed)).statusCode).toBe(200)
    expect((await bookingOf(bookingId))?.paid).toBe(false)
    const [audited] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'payment_failed'), eq(auditLog.userId, patient.id)))
    expect(audited).toMatchObject({
      email: patient.email,
      detail: { bookingId, transactionId: intentId, amountMinor: 80_000 },
    })

    fake.succeed(intentId)
    expect((await deliverEvent(app, succeededEvent(intentId))).statusCode).toBe(200)
    expect((await bookingOf(bookingId))?.paid).toBe(true)
  })

  test('charge.refunded in the shape of older API versions, refunds listed: refunded, slot free again', async () => {
    const { bookingId, intentId, slot } = await bookingWithIntent(5)
    fake.succeed(intentId)
    await deliverEvent(app, succeededEvent(intentId))
    expect(await freeSlots(app, day(5))).not.toContain(slot)

    const refunded = fake.legacyRefundedChargeObject(intentId)
    const res = await deliverEvent(app, fake.signedEvent('charge.refunded', refunded))
    expect(res.statusCode).toBe(200)
    expect(await paymentsOf(bookingId)).toMatchObject([
      { status: 'refunded', refundId: refunded.refunds.data[0]?.id },
    ])
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await freeSlots(app, day(5))).toContain(slot)
  })

  test('an event about an intent this server did not create changes nothing', async () => {
    const stranger = await bookingWithIntent()
    await app.database.db.delete(paymentIntents).where(eq(paymentIntents.id, stranger.intentId))
    fake.succeed(stranger.intentId)
    const event = succeededEvent(stranger.intentId)
    expect((await deliverEvent(app, event)).statusCode).toBe(200)
    expect(await paymentsOf(stranger.bookingId)).toEqual([])
  })
})

describe('paying and refunding with Stripe', () => {
  test('the payment page is told to load Stripe, with the publishable key only', async () => {
    const res = await app.inject({ url: '/api/payments/config' })
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake', refundCutoffHours: 24 })
  })

  test('the browser records a payment Stripe confirms, and a cancel refunds it through Stripe', async () => {
    const { patient, bookingId, intentId } = await bookingWithIntent(6)
    fake.succeed(intentId)
    expect((await recordPayment(app, patient, bookingId, intentId)).statusCode).toBe(200)
    const cancelled = await cancelBooking(app, patient, bookingId)
    expect(cancelled.statusCode).toBe(200)
    const [payment] = await paymentsOf(bookingId)
    expect(payment).toMatchObject({ status: 'refunded', refundId: fake.intent(intentId)?.refund })
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds')
    expect(refunds.at(-1)?.idempotencyKey).toBe(`refund-${payment?.id}`)
  })

  test('Stripe unreachable: no intent, and a message instead of its error', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    fake.failNext(3)
    const res = await createIntent(app, patient, bookingId)
    expect(res.statusCode).toBe(502)
    expect(res.json().code).toBe('PAYMENT_PROVIDER_DOWN')
    const stored = await app.database.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.bookingId, bookingId))
    expect(stored).toEqual([])
  })
})
