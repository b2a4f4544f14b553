import { describe, expect, test } from 'vitest'
import { completeCard, formatCardNumber, formatCvc, formatExpiry } from './card-format'

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
    expect(completeCard('4242 4242 4242 4242', '04/31', '123')).toEqual({
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
  ])('is not %j %j %j', (number, expiry, cvc) => {
    expect(completeCard(number, expiry, cvc)).toBeNull()
  })
})
