import { randomUUID } from 'node:crypto'
import { CARD_MESSAGES, PAYMENT_MESSAGES } from '@shared/payment-messages'
import { CURRENCY, type SandboxConfirmBody } from '@shared/payments'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app'
import { queryRows } from '../../db/client'
import { book, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { captureLog } from '../../test/captured-log'
import { captureMail } from '../../test/captured-mail'
import { createAccount, nextAddress } from '../../test/factories'
import { testConfig } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'

type Card = SandboxConfirmBody['card']
const VISA: Card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '8462' }
const URL = '/api/payments/sandbox/confirm'

const { lines: logLines, stream: logStream } = captureLog()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), {
    database: await createTestDatabase(),
    webDir: '/nonexistent',
    mailer: captureMail(),
    logStream,
    now: testClock('Asia/Dhaka', TODAY, '09:10').now,
  })
})
afterAll(() => app.close())

let bookingsMade = 0
/** An intent of the sandbox for a fresh patient's booking, as POST /api/create-payment-intent makes it. */
async function payableIntent() {
  const date = day(1 + (bookingsMade++ % 20))
  const [slot] = await freeSlots(app, date)
  const booked = await book(app, await createAccount(app), { appointmentDate: date, slot })
  if (booked.statusCode !== 201) throw new Error(`booking: ${booked.statusCode} ${booked.body}`)
  return app.paymentProvider.createIntent({
    bookingId: booked.json().bookings.insertedId,
    amountMinor: 80_000,
    currency: CURRENCY,
    idempotencyKey: randomUUID(),
  })
}

const confirm = (clientSecret: string, card: Partial<Card> = {}, remoteAddress = nextAddress()) =>
  app.inject({
    method: 'POST',
    url: URL,
    remoteAddress,
    payload: { clientSecret, card: { ...VISA, ...card } },
  })

describe('a test card that succeeds', () => {
  test.each([
    ['4242 4242 4242 4242', '8462', 'visa', '4242'],
    ['5555 5555 5555 4444', '846', 'mastercard', '4444'],
    ['3782 822463 10005', '8462', 'amex', '0005'],
  ])('%s pays the intent, without a bearer token', async (number, cvc, brand, last4) => {
    const intent = await payableIntent()
    const res = await confirm(intent.clientSecret, { number, cvc })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } })
    expect(await app.paymentProvider.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      card: { brand, last4 },
    })
  })
})

describe('a refused card answers 402 with Stripe’s code and message and leaves the intent payable', () => {
  test.each([
    ['declined', { number: '4000 0000 0000 0002' }, 'CARD_DECLINED', CARD_MESSAGES.declined],
    [
      'insufficient funds',
      { number: '4000 0000 0000 9995' },
      'INSUFFICIENT_FUNDS',
      CARD_MESSAGES.insufficientFunds,
    ],
    [
      'authentication required',
      { number: '4000 0025 0000 3155' },
      'AUTHENTICATION_REQUIRED',
      CARD_MESSAGES.authenticationRequired,
    ],
    ['not a test card', { number: '4111 1111 1111 1111' }, 'CARD_DECLINED', CARD_MESSAGES.declined],
    [
      'failing the Luhn check',
      { number: '4242 4242 4242 4241' },
      'INVALID_NUMBER',
      CARD_MESSAGES.invalidNumber,
    ],
    ['expired', { expMonth: 5, expYear: 26 }, 'EXPIRED_CARD', CARD_MESSAGES.expired],
    ['month 13', { expMonth: 13 }, 'INVALID_EXPIRY', CARD_MESSAGES.invalidExpiry],
    ['a two-digit CVC', { cvc: '84' }, 'INVALID_CVC', CARD_MESSAGES.invalidCvc],
  ])('%s', async (_, card, code, message) => {
    const intent = await payableIntent()
    const res = await confirm(intent.clientSecret, card)
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ code, message })
    expect(await app.paymentProvider.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      card: undefined,
    })
  })
})

test('after a refusal the patient pays the same intent with another card', async () => {
  const intent = await payableIntent()
  expect((await confirm(intent.clientSecret, { number: '4000 0000 0000 9995' })).statusCode).toBe(402)
  const res = await confirm(intent.clientSecret)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } })
})

test('an unknown client secret is not found', async () => {
  const res = await confirm('pi_sbx_0_secret_0')
  expect(res.statusCode).toBe(404)
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: PAYMENT_MESSAGES.invalidSecret })
})

test('one address trying card after card is stopped after 30 attempts a minute', async () => {
  const address = nextAddress()
  for (let attempt = 0; attempt < 30; attempt++)
    expect((await confirm('pi_sbx_0_secret_0', {}, address)).statusCode).toBe(404)
  const stopped = await confirm('pi_sbx_0_secret_0', {}, address)
  expect(stopped.statusCode).toBe(429)
  expect(stopped.json()).toEqual({ code: 'RATE_LIMITED', message: PAYMENT_MESSAGES.tooManyAttempts })
  expect((await confirm('pi_sbx_0_secret_0')).statusCode).toBe(404)
})

/** Every row of every table of the app, as text. */
async function databaseText(): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    app.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  expect(tables.map((table) => table.name)).toContain('sandbox_intents')
  const dumps = await Promise.all(
    tables.map(({ name }) =>
      queryRows<{ row: string }>(app.database.db, sql`select t::text as row from ${sql.identifier(name)} t`),
    ),
  )
  return dumps
    .flat()
    .map(({ row }) => row)
    .join('\n')
}

test('neither the card number nor the CVC is stored or logged, whether the card pays or not', async () => {
  const declined = await payableIntent()
  const paid = await payableIntent()
  const cvc = '7395'
  const declinedCard = { number: '4000 0000 0000 0002', cvc }
  expect((await confirm(declined.clientSecret, declinedCard)).statusCode).toBe(402)
  expect((await confirm(paid.clientSecret, { cvc })).statusCode).toBe(200)

  const stored = await databaseText()
  const logged = logLines.join('')
  // The dump and the log reach these requests: the intents and their last four are there.
  expect(stored).toContain(paid.id)
  expect(stored).toMatch(/\b4242\b/)
  expect(logged).toContain(URL)
  for (const text of [stored, logged]) {
    for (const number of [declinedCard.number, VISA.number]) {
      expect(text).not.toContain(number)
      expect(text).not.toContain(number.replaceAll(' ', ''))
    }
    // A value of its own (a column, a JSON field), not the same digits inside an id or a time.
    expect(text).not.toMatch(new RegExp(`(^|[^\\w.-])${cvc}($|[^\\w.])`))
  }
})
