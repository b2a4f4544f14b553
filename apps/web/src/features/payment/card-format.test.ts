import { CARD_MESSAGES } from '@shared/payment-messages'
import { describe, expect, test } from 'vitest'
import { cardFieldErrors, completeCard, formatCardNumber, formatCvc, formatExpiry } from './card-format'

const NOW = new Date('2026-11-26T09:00:00Z')

describe('card number', () => {
  test.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242 4242 42', '4242 4242 42'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['abcd', ''],
    ['4242', '4242'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'],
  ])('%j is shown as %j', (typed, shown) => expect(formatCardNumber(typed)).toBe(shown))
})

describe('expiry', () => {
  test.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12/345', '12/34'],
    ['4', '04/'],
    ['0', '0'],
    // Backspace over the slash leaves the month alone.
    ['12', '12'],
  ])('%j is shown as %j', (typed, shown) => expect(formatExpiry(typed)).toBe(shown))
})

test('the CVC keeps at most four digits', () => {
  expect(formatCvc('12a34 5')).toBe('1234')
})

describe('a complete card', () => {
  test('is sent as digits, with the month and the four-digit year', () => {
    expect(completeCard('4242 4242 4242 4242', '04/31', '123', NOW)).toEqual({
      number: '4242424242424242',
      expMonth: 4,
      expYear: 2031,
      cvc: '123',
    })
  })

  test.each([
    ['4242 4242 424', '04/31', '123'],
    ['4242 4242 4242 4242', '04/3', '123'],
    ['4242 4242 4242 4242', '04/31', '12'],
    ['', '', ''],
    ['4242 4242 4242 4241', '04/31', '123'],
    ['4242 4242 4242 4242', '10/26', '123'],
  ])('is not %j %j %j', (number, expiry, cvc) => {
    expect(completeCard(number, expiry, cvc, NOW)).toBeNull()
  })
})

describe("each field's message, in the processor's words", () => {
  test('a number failing the Luhn check', () => {
    expect(cardFieldErrors('4242 4242 4242 4241', '04/31', '123', NOW)).toEqual({
      number: CARD_MESSAGES.invalidNumber,
    })
  })

  test('a past expiry, and a month that is none; this month is still good', () => {
    expect(cardFieldErrors('4242 4242 4242 4242', '10/26', '123', NOW).expiry).toBe(CARD_MESSAGES.expired)
    expect(cardFieldErrors('4242 4242 4242 4242', '13/31', '123', NOW).expiry).toBe(
      CARD_MESSAGES.invalidExpiry,
    )
    expect(cardFieldErrors('4242 4242 4242 4242', '11/26', '123', NOW)).toEqual({})
  })

  test('a short CVC, and American Express wanting four digits', () => {
    expect(cardFieldErrors('4242 4242 4242 4242', '04/31', '12', NOW).cvc).toBe(CARD_MESSAGES.invalidCvc)
    expect(cardFieldErrors('3782 822463 10005', '04/31', '123', NOW).cvc).toBe(CARD_MESSAGES.invalidCvc)
    expect(cardFieldErrors('3782 822463 10005', '04/31', '1234', NOW)).toEqual({})
  })
})
