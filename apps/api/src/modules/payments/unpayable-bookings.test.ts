import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { bookings, payments, sandboxIntents } from '../../db/schema'
import { day, TODAY, testClock } from '../../test/booking-kit'
import {
  cancelBooking,
  confirmCard,
  createIntent,
  pricedBooking,
  recordPayment,
} from '../../test/payment-kit'
import { createTestApp } from '../../test/test-app'

/** A booking that started or was cancelled cannot be paid (sandbox). */
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
})
afterAll(() => app.close())
beforeEach(() => clock.at(TODAY, '09:10'))

const bookingOf = async (id: string) => {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  return row
}
const paymentsOf = (bookingId: string) =>
  app.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))
const atTheProcessor = async (clientSecret: string) => {
  const [row] = await app.database.db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.clientSecret, clientSecret))
  return row
}

/** Tomorrow's booking with its intent, made today; then the clock moves past its start. */
async function startedWithIntent() {
  const booked = await pricedBooking(app, 1)
  const intent = await createIntent(app, booked.patient, booked.bookingId)
  expect(intent.statusCode).toBe(200)
  return { ...booked, clientSecret: intent.json().clientSecret as string }
}
const afterTheStart = () => clock.at(day(1), '23:00')

describe('a booking that has started', () => {
  test('cannot be paid with an intent made before it: the card is not charged', async () => {
    const { clientSecret } = await startedWithIntent()
    afterTheStart()
    const confirmed = await confirmCard(app, clientSecret)
    expect(confirmed.statusCode).toBe(409)
    expect(confirmed.json().code).toBe('BOOKING_PAST')
    expect(await atTheProcessor(clientSecret)).toMatchObject({ status: 'requires_payment_method' })
  })

  test('a payment made before it but recorded after its start is refunded at once and marks nothing paid', async () => {
    const { patient, bookingId, clientSecret } = await startedWithIntent()
    const confirmed = await confirmCard(app, clientSecret)
    expect(confirmed.statusCode).toBe(200)
    afterTheStart()
    const transactionId: string = confirmed.json().paymentIntent.id
    for (let attempt = 0; attempt < 2; attempt++) {
      const recorded = await recordPayment(app, patient, bookingId, transactionId)
      expect(recorded.statusCode).toBe(409)
      expect(recorded.json().code).toBe('BOOKING_PAST')
    }
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
    expect(await atTheProcessor(clientSecret)).toMatchObject({ refundId: expect.stringMatching(/^re_sbx_/) })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'booked', paid: false })
  })
})

describe('a cancelled booking', () => {
  test('has its open intent canceled, which can no longer be confirmed', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const clientSecret: string = intent.json().clientSecret
    expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
    expect(await atTheProcessor(clientSecret)).toMatchObject({ status: 'canceled' })
    const confirmed = await confirmCard(app, clientSecret)
    expect(confirmed.statusCode).toBe(409)
    expect(confirmed.json().code).toBe('BOOKING_CANCELLED')
    expect(await atTheProcessor(clientSecret)).toMatchObject({ status: 'canceled', cardLast4: null })
    expect(await paymentsOf(bookingId)).toEqual([])
  })

  test('an intent paid before the cancellation, never reported by the browser, is refunded by it', async () => {
    const { patient, bookingId } = await pricedBooking(app)
    const intent = await createIntent(app, patient, bookingId)
    const clientSecret: string = intent.json().clientSecret
    expect((await confirmCard(app, clientSecret)).statusCode).toBe(200)
    expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }])
    expect(await atTheProcessor(clientSecret)).toMatchObject({ refundId: expect.stringMatching(/^re_sbx_/) })
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'cancelled', paid: false })
  })
})
