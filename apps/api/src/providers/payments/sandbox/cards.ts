import type { ErrorCode } from '@shared/errors'
import { CARD_MESSAGES } from '@shared/payment-messages'

export interface Card {
  number: string
  expMonth: number
  expYear: number
  cvc: string
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown'

export type CardRefusal = { ok: false; code: ErrorCode; message: string }
export type CardCheck = { ok: true; brand: CardBrand; last4: string } | CardRefusal

const refuse = (code: ErrorCode, message: string): CardRefusal => ({ ok: false, code, message })

/** Stripe's test cards (ARCHITECTURE §3); every other valid number is declined, as Stripe's test mode does. */
const TEST_CARD_REFUSALS: Record<string, CardRefusal | undefined> = {
  '4242424242424242': undefined,
  '5555555555554444': undefined,
  '378282246310005': undefined,
  '4000000000000002': refuse('CARD_DECLINED', CARD_MESSAGES.declined),
  '4000000000009995': refuse('INSUFFICIENT_FUNDS', CARD_MESSAGES.insufficientFunds),
  // The sandbox has no 3-D Secure, so this card cannot be paid with (decision 0018).
  '4000002500003155': refuse('AUTHENTICATION_REQUIRED', CARD_MESSAGES.authenticationRequired),
}

/** Checks a card in Stripe's order (number, expiry, CVC), then answers as its test card would. */
export function checkCard(card: Card, now: Date): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    return refuse('INVALID_NUMBER', CARD_MESSAGES.invalidNumber)
  const expYear = fullYear(card.expYear)
  if (expYear === undefined || !Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return refuse('INVALID_EXPIRY', CARD_MESSAGES.invalidExpiry)
  // A card is valid through the last day of its month: it expires when the next one begins.
  if (now.getTime() >= Date.UTC(expYear, card.expMonth, 1))
    return refuse('EXPIRED_CARD', CARD_MESSAGES.expired)
  const brand = brandOf(digits)
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3,4}$/).test(card.cvc))
    return refuse('INVALID_CVC', CARD_MESSAGES.invalidCvc)
  if (!(digits in TEST_CARD_REFUSALS)) return refuse('CARD_DECLINED', CARD_MESSAGES.declined)
  return TEST_CARD_REFUSALS[digits] ?? { ok: true, brand, last4: digits.slice(-4) }
}

function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/** Two digits mean 20xx, as a card prints it; four are the year itself. */
function fullYear(year: number): number | undefined {
  if (!Number.isInteger(year)) return undefined
  if (year >= 0 && year <= 99) return 2000 + year
  if (year >= 1000 && year <= 9999) return year
  return undefined
}

function brandOf(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^4/.test(digits)) return 'visa'
  const prefix = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (prefix >= 2221 && prefix <= 2720)) return 'mastercard'
  return 'unknown'
}
