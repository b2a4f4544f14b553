import type { FastifyInstance } from 'fastify'
import { type BuildOptions, buildApp } from '../app'
import { createStripeProvider } from '../providers/payments'
import { book, day, freeSlots } from './booking-kit'
import { captureMail } from './captured-mail'
import { createAccount, nextAddress, type TestAccount } from './factories'
import type { FakeStripe } from './fake-stripe'
import { testConfig } from './test-app'
import { createTestDatabase } from './test-database'

export const GOOD_CARD = '4242 4242 4242 4242'
export const DECLINED_CARD = '4000 0000 0000 0002'

/** A new patient with an upcoming priced booking: the first free Teeth Cleaning slot (800 TK) `offset` days ahead. */
export async function pricedBooking(app: FastifyInstance, offset = 3) {
  const patient = await createAccount(app)
  const [slot] = await freeSlots(app, day(offset))
  if (!slot) throw new Error(`no free slot on ${day(offset)}`)
  const res = await book(app, patient, { appointmentDate: day(offset), slot })
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
  return { patient, slot, bookingId: res.json().bookings.insertedId as string }
}

export const createIntent = (app: FastifyInstance, patient: TestAccount, bookingId: string, price?: number) =>
  app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: patient.headers,
    payload: { bookingId, ...(price === undefined ? {} : { price }) },
  })

export const confirmCard = (app: FastifyInstance, clientSecret: string, number = GOOD_CARD) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    remoteAddress: nextAddress(),
    payload: { clientSecret, card: { number, expMonth: 12, expYear: 2099, cvc: '123' } },
  })

export const recordPayment = (
  app: FastifyInstance,
  patient: TestAccount,
  bookingId: string,
  transactionId: string,
  extra: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: patient.headers,
    payload: { bookingId, transactionId, email: patient.email, ...extra },
  })

/** Intent, sandbox confirm and record, as the payment page does; throws at the first refusal. */
export async function payWithSandbox(app: FastifyInstance, patient: TestAccount, bookingId: string) {
  const intent = await createIntent(app, patient, bookingId)
  if (intent.statusCode !== 200) throw new Error(`intent: ${intent.statusCode} ${intent.body}`)
  const confirmed = await confirmCard(app, intent.json().clientSecret)
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`)
  const transactionId: string = confirmed.json().paymentIntent.id
  const recorded = await recordPayment(app, patient, bookingId, transactionId)
  if (recorded.statusCode !== 200) throw new Error(`record: ${recorded.statusCode} ${recorded.body}`)
  return { transactionId, paymentId: recorded.json().payment.insertedId as string }
}

export const cancelBooking = (app: FastifyInstance, patient: TestAccount, bookingId: string) =>
  app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: patient.headers })

/** The API with PAYMENT_PROVIDER=stripe, its SDK pointed at a local fake of Stripe. Close it in afterAll. */
export async function createStripeApp(
  fake: FakeStripe,
  options: Pick<BuildOptions, 'mailer' | 'now'> = {},
): Promise<FastifyInstance> {
  const { secretKey, webhookSecret } = fake
  const config = testConfig({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  })
  return buildApp(config, {
    database: await createTestDatabase(),
    logger: false,
    webDir: '/nonexistent',
    mailer: options.mailer ?? captureMail(),
    now: options.now,
    paymentProvider: await createStripeProvider({ secretKey, webhookSecret, api: fake.api }),
  })
}

/** Stripe delivering a webhook event: its body as sent, and its Stripe-Signature header if any. */
export const deliverEvent = (app: FastifyInstance, event: { body: string; signature?: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      ...(event.signature === undefined ? {} : { 'stripe-signature': event.signature }),
    },
    payload: event.body,
  })
