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

/**
 * The card as the processor takes it, once every field is long enough to send; the processor
 * judges the rest (Luhn, a past or impossible date, the CVC) and answers in its own words.
 */
export function completeCard(number: string, expiry: string, cvc: string): CardDetails | null {
  const cardDigits = digitsOf(number, MAX_CARD_DIGITS)
  const expiryDigits = digitsOf(expiry, 4)
  const cvcDigits = formatCvc(cvc)
  if (cardDigits.length < 12 || expiryDigits.length < 4 || cvcDigits.length < 3) return null
  return {
    number: cardDigits,
    expMonth: Number(expiryDigits.slice(0, 2)),
    expYear: 2000 + Number(expiryDigits.slice(2)),
    cvc: cvcDigits,
  }
}
