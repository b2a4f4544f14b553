import { randomUUID } from 'node:crypto'
import { CARD_MESSAGES } from '@shared/payment-messages'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../../../db/client'
import { sandboxIntents } from '../../../db/schema'
import { createTestDatabase } from '../../../test/test-database'
import { PaymentProviderError } from '../payment-provider'
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider'

const NOW = new Date('2026-06-10T12:00:00Z')
const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' }
const DECLINED = { ...VISA, number: '4000 0000 0000 0002' }

let database: DatabaseHandle
let sandbox: SandboxProvider
beforeAll(async () => {
  database = await createTestDatabase()
  sandbox = createSandboxProvider(database.db)
})
afterAll(() => database.close())

const newIntent = (bookingId = randomUUID()) =>
  sandbox.createIntent({ bookingId, amountMinor: 80_000, currency: 'bdt', idempotencyKey: randomUUID() })

const paidIntent = async () => {
  const intent = await newIntent()
  await sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW)
  return intent
}

describe('createIntent', () => {
  test('makes an intent waiting for a card, carrying the booking id', async () => {
    const bookingId = randomUUID()
    const intent = await newIntent(bookingId)
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_sbx_[0-9a-f]+$/),
      clientSecret: expect.stringMatching(/^pi_sbx_[0-9a-f]+_secret_[0-9a-f]{32,}$/),
      status: 'requires_payment_method',
      amountMinor: 80_000,
      currency: 'bdt',
      bookingId,
      card: undefined,
    })
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true)
  })

  test('the same idempotency key twice, even at once, is one intent', async () => {
    const input = {
      bookingId: randomUUID(),
      amountMinor: 80_000,
      currency: 'bdt',
      idempotencyKey: randomUUID(),
    }
    const [first, second] = await Promise.all([sandbox.createIntent(input), sandbox.createIntent(input)])
    const third = await sandbox.createIntent(input)
    expect(second).toEqual(first)
    expect(third).toEqual(first)
    const rows = await database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.idempotencyKey, input.idempotencyKey))
    expect(rows).toHaveLength(1)
  })

  test('an idempotency key reused for another amount is refused, as Stripe does', async () => {
    const input = {
      bookingId: randomUUID(),
      amountMinor: 80_000,
      currency: 'bdt',
      idempotencyKey: randomUUID(),
    }
    await sandbox.createIntent(input)
    await expect(sandbox.createIntent({ ...input, amountMinor: 1 })).rejects.toThrow(PaymentProviderError)
  })

  test('two keys make two intents with different secrets', async () => {
    const [first, second] = await Promise.all([newIntent(), newIntent()])
    expect(first.id).not.toBe(second.id)
    expect(first.clientSecret).not.toBe(second.clientSecret)
  })
})

describe('retrieveIntent', () => {
  test('finds an intent by its id', async () => {
    const intent = await newIntent()
    expect(await sandbox.retrieveIntent(intent.id)).toEqual(intent)
  })

  test('an unknown id is undefined', async () => {
    expect(await sandbox.retrieveIntent('pi_sbx_unknown')).toBeUndefined()
  })
})

describe('confirm', () => {
  test('a good card pays the intent and keeps only its brand and last four', async () => {
    const intent = await newIntent()
    const result = await sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW)
    const paid = { ...intent, status: 'succeeded', card: { brand: 'visa', last4: '4242' } }
    expect(result).toEqual({ ok: true, intent: paid })
    expect(await sandbox.retrieveIntent(intent.id)).toEqual(paid)
  })

  test('a refused card leaves the intent payable, with the reason, and a good card pays it after', async () => {
    const intent = await newIntent()
    const refused = await sandbox.confirm({ clientSecret: intent.clientSecret, card: DECLINED }, NOW)
    expect(refused).toEqual({ ok: false, code: 'CARD_DECLINED', message: CARD_MESSAGES.declined })
    const [row] = await database.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intent.id))
    expect(row).toMatchObject({ status: 'requires_payment_method', lastError: CARD_MESSAGES.declined })
    expect(await sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW)).toMatchObject({
      ok: true,
      intent: { status: 'succeeded' },
    })
  })

  test('an expired card is refused with the time given', async () => {
    const intent = await newIntent()
    const card = { ...VISA, expMonth: 5, expYear: 2026 }
    expect(await sandbox.confirm({ clientSecret: intent.clientSecret, card }, NOW)).toEqual({
      ok: false,
      code: 'EXPIRED_CARD',
      message: CARD_MESSAGES.expired,
    })
  })

  test('confirming a paid intent again answers it paid, whatever the card', async () => {
    const intent = await paidIntent()
    expect(await sandbox.confirm({ clientSecret: intent.clientSecret, card: DECLINED }, NOW)).toMatchObject({
      ok: true,
      intent: { id: intent.id, status: 'succeeded', card: { last4: '4242' } },
    })
  })

  test('two confirms at once both answer paid', async () => {
    const intent = await newIntent()
    const results = await Promise.all([
      sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW),
      sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW),
    ])
    expect(results.map((result) => result?.ok)).toEqual([true, true])
  })

  test('a canceled intent is refused', async () => {
    const intent = await newIntent()
    await database.db
      .update(sandboxIntents)
      .set({ status: 'canceled' })
      .where(eq(sandboxIntents.id, intent.id))
    expect(await sandbox.confirm({ clientSecret: intent.clientSecret, card: VISA }, NOW)).toMatchObject({
      ok: false,
    })
    expect(await sandbox.retrieveIntent(intent.id)).toMatchObject({ status: 'canceled', card: undefined })
  })

  test('an unknown client secret is undefined', async () => {
    expect(await sandbox.confirm({ clientSecret: 'pi_sbx_x_secret_y', card: VISA }, NOW)).toBeUndefined()
  })
})

describe('refund', () => {
  test('refunds a paid intent once: the same key, or another call, gets the same refund', async () => {
    const intent = await paidIntent()
    const idempotencyKey = randomUUID()
    const first = await sandbox.refund({ intentId: intent.id, idempotencyKey })
    expect(first.refundId).toMatch(/^re_sbx_[0-9a-f]+$/)
    expect(await sandbox.refund({ intentId: intent.id, idempotencyKey })).toEqual(first)
    expect(await sandbox.refund({ intentId: intent.id, idempotencyKey: randomUUID() })).toEqual(first)
  })

  test('two refunds at once are one refund', async () => {
    const intent = await paidIntent()
    const idempotencyKey = randomUUID()
    const [first, second] = await Promise.all([
      sandbox.refund({ intentId: intent.id, idempotencyKey }),
      sandbox.refund({ intentId: intent.id, idempotencyKey }),
    ])
    expect(second).toEqual(first)
  })

  test('an intent that was not paid cannot be refunded', async () => {
    const intent = await newIntent()
    await expect(sandbox.refund({ intentId: intent.id, idempotencyKey: randomUUID() })).rejects.toThrow(
      PaymentProviderError,
    )
  })

  test('an unknown intent cannot be refunded', async () => {
    await expect(
      sandbox.refund({ intentId: 'pi_sbx_unknown', idempotencyKey: randomUUID() }),
    ).rejects.toThrow(PaymentProviderError)
  })
})
