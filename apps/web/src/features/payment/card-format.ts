import { cardBrand, fitsCvc, hasExpired, isCardNumber } from '@shared/card-checks'
import { CARD_MESSAGES } from '@shared/payment-messages'

/** The sandbox form's typing aids: digits only, grouped as they are printed on the card. */

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max)

const MAX_CARD_DIGITS = 19

/** '4242424242424242' → '4242 4242 4242 4242'. */
export const formatCardNumber = (value: string) =>
  digitsOf(value, MAX_CARD_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * '1234' → '12/34'. A first digit above 1 can only be a month of its own, so '4' → '04/'. The
 * slash comes with the third digit otherwise, so that deleting it with Backspace is not undone.
 */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value, 4)
  if (/^[2-9]$/.test(digits)) return `0${digits}/`
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

export const formatCvc = (value: string) => digitsOf(value, 4)

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string }

export type CardField = 'number' | 'expiry' | 'cvc'
export type CardFieldErrors = Partial<Record<CardField, string>>

/**
 * What the processor would say of each field, in its own words (README: a number failing the Luhn
 * check, a past expiry or a CVC that is not 3–4 digits), so the field can say it before Pay.
 */
export function cardFieldErrors(number: string, expiry: string, cvc: string, now: Date): CardFieldErrors {
  const cardDigits = digitsOf(number, MAX_CARD_DIGITS)
  const [month, year] = expiryOf(expiry)
  const errors: CardFieldErrors = {}
  if (!isCardNumber(cardDigits)) errors.number = CARD_MESSAGES.invalidNumber
  if (month < 1 || month > 12) errors.expiry = CARD_MESSAGES.invalidExpiry
  else if (hasExpired(month, year, now)) errors.expiry = CARD_MESSAGES.expired
  if (!fitsCvc(cardBrand(cardDigits), formatCvc(cvc))) errors.cvc = CARD_MESSAGES.invalidCvc
  return errors
}

/** The card as the processor takes it, once no field has an error. */
export function completeCard(number: string, expiry: string, cvc: string, now: Date): CardDetails | null {
  if (Object.keys(cardFieldErrors(number, expiry, cvc, now)).length > 0) return null
  const [expMonth, expYear] = expiryOf(expiry)
  return { number: digitsOf(number, MAX_CARD_DIGITS), expMonth, expYear, cvc: formatCvc(cvc) }
}

/** 'MM/YY' as month and four-digit year; anything shorter is month 0, which no card has. */
function expiryOf(expiry: string): [number, number] {
  const digits = digitsOf(expiry, 4)
  if (digits.length < 4) return [0, 0]
  return [Number(digits.slice(0, 2)), 2000 + Number(digits.slice(2))]
}
