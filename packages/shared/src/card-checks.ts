/*
 * The checks a card number, expiry and CVC must pass before a processor is asked, in one place
 * for the sandbox processor and the payment page's fields, so that the field says at once what
 * the processor would answer. Without zod, as the payment page loads it.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown'

/** A number a card can have: 12 to 19 digits whose Luhn checksum holds. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^4/.test(digits)) return 'visa'
  const prefix = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (prefix >= 2221 && prefix <= 2720)) return 'mastercard'
  return 'unknown'
}

/** A card is valid through the last day of its month: it expires when the next one begins. */
export const hasExpired = (expMonth: number, fullYear: number, now: Date) =>
  now.getTime() >= Date.UTC(fullYear, expMonth, 1)

/** American Express prints four digits, the others three (four accepted, as Stripe does). */
export const fitsCvc = (brand: CardBrand, cvc: string) =>
  (brand === 'amex' ? /^\d{4}$/ : /^\d{3,4}$/).test(cvc)
