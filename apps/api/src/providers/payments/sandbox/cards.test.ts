import { CARD_MESSAGES } from '@shared/payment-messages'
import { describe, expect, test } from 'vitest'
import { type Card, checkCard } from './cards'

const NOW = new Date('2026-06-10T12:00:00Z')
const card = (overrides: Partial<Card> = {}): Card => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
})

describe('the test cards answer as Stripe does', () => {
  test.each([
    ['4242424242424242', 'visa', '4242'],
    ['5555555555554444', 'mastercard', '4444'],
  ])('%s succeeds as a %s ending %s', (number, brand, last4) => {
    expect(checkCard(card({ number }), NOW)).toEqual({ ok: true, brand, last4 })
  })

  test('378282246310005 succeeds as an amex with a four-digit CVC', () => {
    expect(checkCard(card({ number: '378282246310005', cvc: '1234' }), NOW)).toEqual({
      ok: true,
      brand: 'amex',
      last4: '0005',
    })
  })

  test.each([
    ['4000 0000 0000 0002', 'CARD_DECLINED', CARD_MESSAGES.declined],
    ['4000 0000 0000 9995', 'INSUFFICIENT_FUNDS', CARD_MESSAGES.insufficientFunds],
    ['4000 0025 0000 3155', 'AUTHENTICATION_REQUIRED', CARD_MESSAGES.authenticationRequired],
    ['4111 1111 1111 1111', 'CARD_DECLINED', CARD_MESSAGES.declined],
  ])('%s is refused with %s', (number, code, message) => {
    expect(checkCard(card({ number }), NOW)).toEqual({ ok: false, code, message })
  })

  test('spaces and dashes between the digits are ignored', () => {
    expect(checkCard(card({ number: '4242-4242-4242-4242' }), NOW)).toMatchObject({ ok: true })
  })
})

describe('the card number', () => {
  const invalid = { ok: false, code: 'INVALID_NUMBER', message: CARD_MESSAGES.invalidNumber }

  test.each([
    ['a number failing the Luhn check', '4242 4242 4242 4241'],
    ['letters', '4242 4242 4242 424a'],
    ['11 digits', '42424242426'],
    ['20 digits', '42424242424242424242'],
    ['nothing', ''],
  ])('%s is invalid', (_, number) => {
    expect(checkCard(card({ number }), NOW)).toEqual(invalid)
  })

  test('is checked before the expiry and the CVC', () => {
    expect(checkCard(card({ number: '4242424242424241', expMonth: 13, cvc: '' }), NOW)).toEqual(invalid)
  })
})

describe('the expiry', () => {
  const invalid = { ok: false, code: 'INVALID_EXPIRY', message: CARD_MESSAGES.invalidExpiry }
  const expired = { ok: false, code: 'EXPIRED_CARD', message: CARD_MESSAGES.expired }

  test.each([
    ['month 0', { expMonth: 0 }],
    ['month 13', { expMonth: 13 }],
    ['a three-digit year', { expYear: 203 }],
    ['a five-digit year', { expYear: 20300 }],
    ['a negative year', { expYear: -1 }],
  ])('%s is invalid', (_, overrides) => {
    expect(checkCard(card(overrides), NOW)).toEqual(invalid)
  })

  test('a two-digit year is of this century', () => {
    expect(checkCard(card({ expMonth: 1, expYear: 30 }), NOW)).toMatchObject({ ok: true })
    expect(checkCard(card({ expMonth: 1, expYear: 26 }), NOW)).toEqual(expired)
  })

  test('the current month is still valid until its last instant', () => {
    expect(checkCard(card({ expMonth: 6, expYear: 2026 }), NOW)).toMatchObject({ ok: true })
    expect(checkCard(card({ expMonth: 6, expYear: 26 }), new Date('2026-06-30T23:59:59.999Z'))).toMatchObject(
      { ok: true },
    )
    expect(checkCard(card({ expMonth: 6, expYear: 26 }), new Date('2026-07-01T00:00:00Z'))).toEqual(expired)
  })

  test('last month is in the past', () => {
    expect(checkCard(card({ expMonth: 5, expYear: 2026 }), NOW)).toEqual(expired)
  })

  test('is checked before the CVC', () => {
    expect(checkCard(card({ expYear: 2020, cvc: 'x' }), NOW)).toEqual(expired)
  })
})

describe('the CVC', () => {
  const invalid = { ok: false, code: 'INVALID_CVC', message: CARD_MESSAGES.invalidCvc }

  test.each([['12'], ['12345'], ['12a'], ['']])('%j is invalid', (cvc) => {
    expect(checkCard(card({ cvc }), NOW)).toEqual(invalid)
  })

  test('three or four digits are accepted', () => {
    expect(checkCard(card({ cvc: '123' }), NOW)).toMatchObject({ ok: true })
    expect(checkCard(card({ cvc: '1234' }), NOW)).toMatchObject({ ok: true })
  })

  test('an amex card needs four digits', () => {
    expect(checkCard(card({ number: '378282246310005', cvc: '123' }), NOW)).toEqual(invalid)
  })

  test('is checked before the test card outcome', () => {
    expect(checkCard(card({ number: '4000000000000002', cvc: '1' }), NOW)).toEqual(invalid)
  })
})
