import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { bookings, paymentIntents, payments } from '../../db/schema'
import { day, TODAY, testClock } from '../../test/booking-kit'
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe'
import {
  cancelBooking,
  createIntent,
  createStripeApp,
  deliverEvent,
  pricedBooking,
} from '../../test/payment-kit'

/**
 * With Stripe, a booking that started or was cancelled cannot be paid either: the browser confirms
 * there, so the server acts around it.
 */
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
let fake: FakeStripe
let app: FastifyInstance
beforeAll(async () => {
  fake = await startFakeStripe()
  app = await createStripeApp(fake, { now: clock.now })
})
afterAll(async () => {
  await app.close()
  await fake.close()
})
beforeEach(() => clock.at(TODAY, '09:10'))

const bookingOf = async (id: string) => {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}
const paymentsOf = (bookingId: string) =>
  app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))

async function bookingWithIntent(offset = 3) {
  const booked = await pricedBooking(app, offset)
  expect((await createIntent(app, booked.patient, booked.bookingId)).statusCode).toBe(200)
  const [stored] = await app.database.db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.bookingId, booked.bookingId))
  if (!stored) throw new Error('no intent stored')
  return { ...booked, intentId: stored.id }
}

test('cancelling a booking cancels its open intent at Stripe', async () => {
  const { patient, bookingId, intentId } = await bookingWithIntent()
  expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
  expect(fake.intent(intentId)?.status).toBe('canceled')
  expect(() => fake.succeed(intentId)).toThrow()
})

test('an intent Stripe charged just before the cancellation is refunded by it', async () => {
  const { patient, bookingId, intentId } = await bookingWithIntent()
  fake.succeed(intentId)
  expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
  expect(fake.intent(intentId)?.refund).toMatch(/^re_/)
  expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
  expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
})

test('the webhook refunds at once a payment that arrives after the booking started', async () => {
  const { bookingId, intentId } = await bookingWithIntent(1)
  fake.succeed(intentId)
  clock.at(day(1), '23:00')
  const event = fake.signedEvent('payment_intent.succeeded', fake.intentObject(intentId))
  expect((await deliverEvent(app, event)).statusCode).toBe(200)
  expect(fake.intent(intentId)?.refund).toMatch(/^re_/)
  expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
  expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: false })
})
