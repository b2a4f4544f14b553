import { afterAll, beforeAll, expect, test } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe'
import { type PaymentProvider, PaymentProviderError, WebhookSignatureError } from '../payment-provider'
import { createStripeProvider } from './stripe-provider'

let fake: FakeStripe
let stripe: PaymentProvider
beforeAll(async () => {
  fake = await startFakeStripe()
  stripe = createStripeProvider({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    api: fake.api,
  })
})
afterAll(() => fake.close())

const newIntent = (bookingId = 'b-1', idempotencyKey = `booking-${Math.random()}`) =>
  stripe.createIntent({ bookingId, amountMinor: 80_000, currency: 'bdt', idempotencyKey })

test('creates an intent with the amount, currency, booking and idempotency key, once per key', async () => {
  const first = await newIntent('b-7', 'booking-b-7-80000')
  const again = await newIntent('b-7', 'booking-b-7-80000')
  expect(again.id).toBe(first.id)
  expect(first).toMatchObject({
    amountMinor: 80_000,
    currency: 'bdt',
    bookingId: 'b-7',
    status: 'requires_payment_method',
  })
  expect(first.clientSecret).toContain('_secret_')
  const sent = fake.requests.filter((r) => r.idempotencyKey === 'booking-b-7-80000')
  expect(sent).toHaveLength(2)
  expect(sent[0]?.authorization).toBe(`Bearer ${fake.secretKey}`)
})

test('retrieves what Stripe says now, with the card that paid', async () => {
  const intent = await newIntent()
  fake.succeed(intent.id, { brand: 'mastercard', last4: '4444' })
  expect(await stripe.retrieveIntent(intent.id)).toMatchObject({
    id: intent.id,
    status: 'succeeded',
    amountMinor: 80_000,
    bookingId: 'b-1',
    card: { brand: 'mastercard', last4: '4444' },
  })
  expect(await stripe.retrieveIntent('pi_unknown')).toBeUndefined()
})

test('Stripe down: a provider error after the retries, without the secret key', async () => {
  fake.failNext(3)
  const failure = await newIntent().catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(PaymentProviderError)
  expect(String((failure as Error).message)).not.toContain(fake.secretKey)
})

test('refunds a paid intent once per key, and refuses an unpaid one', async () => {
  const intent = await newIntent()
  await expect(stripe.refund({ intentId: intent.id, idempotencyKey: 'refund-x' })).rejects.toBeInstanceOf(
    PaymentProviderError,
  )
  fake.succeed(intent.id)
  const first = await stripe.refund({ intentId: intent.id, idempotencyKey: 'refund-1' })
  const again = await stripe.refund({ intentId: intent.id, idempotencyKey: 'refund-1' })
  expect(again.refundId).toBe(first.refundId)
})

test('webhooks: a correctly signed event is read; a missing, wrong, altered or stale signature is refused', async () => {
  const intent = await newIntent('b-9')
  fake.succeed(intent.id)
  const { body, signature } = fake.signedEvent('payment_intent.succeeded', fake.intentObject(intent.id))
  const event = stripe.parseWebhook?.(Buffer.from(body), signature)
  expect(event).toMatchObject({
    type: 'payment_intent.succeeded',
    intent: { id: intent.id, bookingId: 'b-9' },
  })

  const refusals = [
    () => stripe.parseWebhook?.(Buffer.from(body), undefined),
    () =>
      stripe.parseWebhook?.(
        Buffer.from(body),
        signature.replace(/v1=([0-9a-f])/, (_, digit) => `v1=${digit === '0' ? '1' : '0'}`),
      ),
    () => stripe.parseWebhook?.(Buffer.from(body.replace('b-9', 'b-8')), signature),
    () => {
      const stale = fake.signedEvent('payment_intent.succeeded', fake.intentObject(intent.id), {
        timestamp: Math.floor(Date.now() / 1000) - 301,
      })
      return stripe.parseWebhook?.(Buffer.from(stale.body), stale.signature)
    },
  ]
  for (const refused of refusals) expect(refused).toThrow(WebhookSignatureError)
})

test('webhooks: each event type the payments module acts on, and the others as "other"', async () => {
  const intent = await newIntent()
  fake.succeed(intent.id)
  await stripe.refund({ intentId: intent.id, idempotencyKey: 'refund-2' })
  const parse = (type: string, object: object) => {
    const { body, signature } = fake.signedEvent(type, object)
    return stripe.parseWebhook?.(Buffer.from(body), signature)
  }
  expect(parse('payment_intent.payment_failed', fake.intentObject(intent.id))).toMatchObject({
    type: 'payment_intent.payment_failed',
    intent: { id: intent.id },
  })
  expect(parse('charge.refunded', fake.refundedChargeObject(intent.id, 20_000))).toEqual({
    id: expect.any(String),
    type: 'charge.refunded',
    intentId: intent.id,
    amountMinor: 80_000,
    amountRefundedMinor: 20_000,
    refunded: false,
    refundId: undefined,
  })
  const legacy = fake.legacyRefundedChargeObject(intent.id)
  expect(parse('charge.refunded', legacy)).toMatchObject({
    amountRefundedMinor: 80_000,
    refunded: true,
    refundId: legacy.refunds.data[0]?.id,
  })
  expect(parse('customer.created', { id: 'cus_1', object: 'customer' })).toMatchObject({
    type: 'other',
    name: 'customer.created',
  })
})

test('cancels an open intent; one that was paid meanwhile is answered as it is, to be refunded', async () => {
  const open = await newIntent()
  expect(await stripe.cancelIntent(open.id)).toMatchObject({ id: open.id, status: 'canceled' })
  expect(fake.intent(open.id)?.status).toBe('canceled')
  const paid = await newIntent()
  fake.succeed(paid.id)
  expect(await stripe.cancelIntent(paid.id)).toMatchObject({ id: paid.id, status: 'succeeded' })
  expect(await stripe.cancelIntent('pi_unknown')).toBeUndefined()
})
