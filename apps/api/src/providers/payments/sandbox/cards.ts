import { type CardBrand, cardBrand, fitsCvc, hasExpired, isCardNumber } from '@shared/card-checks'
import type { ErrorCode } from '@shared/errors'
import { CARD_MESSAGES } from '@shared/payment-messages'

export interface Card {
  number: string
  expMonth: number
  expYear: number
  cvc: string
}

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
  if (!isCardNumber(digits)) return refuse('INVALID_NUMBER', CARD_MESSAGES.invalidNumber)
  const expYear = fullYear(card.expYear)
  if (expYear === undefined || !Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return refuse('INVALID_EXPIRY', CARD_MESSAGES.invalidExpiry)
  if (hasExpired(card.expMonth, expYear, now)) return refuse('EXPIRED_CARD', CARD_MESSAGES.expired)
  const brand = cardBrand(digits)
  if (!fitsCvc(brand, card.cvc)) return refuse('INVALID_CVC', CARD_MESSAGES.invalidCvc)
  if (!(digits in TEST_CARD_REFUSALS)) return refuse('CARD_DECLINED', CARD_MESSAGES.declined)
  return TEST_CARD_REFUSALS[digits] ?? { ok: true, brand, last4: digits.slice(-4) }
}

/** Two digits mean 20xx, as a card prints it; four are the year itself. */
function fullYear(year: number): number | undefined {
  if (!Number.isInteger(year)) return undefined
  if (year >= 0 && year <= 99) return 2000 + year
  if (year >= 1000 && year <= 9999) return year
  return undefined
}
