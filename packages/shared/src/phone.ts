// The smaller metadata build: it checks a number's country code, leading digits and length,
// which is what a booking needs (about 20 KB gzip instead of the full build's 75).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { z } from 'zod'
import { freeText } from './text'

/** The clinic's country: a number written without its country code is read as Bangladeshi. */
export const DEFAULT_PHONE_REGION = 'BD'

export const PHONE_MESSAGES = {
  required: 'Phone Number is Required',
  tooLong: 'The phone number must be 30 characters or fewer.',
  invalid: 'Please enter a valid phone number, such as 01712-345678.',
} as const

/**
 * A phone number as a patient types it ('01712 345678', '+880 1712-345678'), checked and kept
 * in E.164 ('+8801712345678'), the one form a tel: link, an SMS gateway and a search all accept.
 */
export const PhoneNumber = freeText({
  required: PHONE_MESSAGES.required,
  max: 30,
  tooLong: PHONE_MESSAGES.tooLong,
}).transform((value, payload) => {
  // Parsed once: checking, then converting, parsed it twice, and on a server that had just started
  // that was a tenth of a booking attempt's CPU. Not `extract`: the whole text must be the number.
  const parsed = parsePhoneNumberFromString(value, { defaultCountry: DEFAULT_PHONE_REGION, extract: false })
  if (parsed?.isValid()) return parsed.number
  payload.issues.push({ code: 'custom', message: PHONE_MESSAGES.invalid, input: value })
  return z.NEVER
})

const E164 = /^\+[1-9]\d{6,14}$/

/**
 * How a stored number is read: a Bangladeshi one as written in Bangladesh ('01712-345678'), a
 * foreign one with its country code, both with a tel: link. Rows written before numbers were
 * checked hold free text ('abc', '+880 1700 000000'): shown as they are, without a link.
 */
export function phoneDisplay(stored: string): { text: string; href: string | null } {
  const parsed = E164.test(stored) ? parsePhoneNumberFromString(stored) : undefined
  if (!parsed?.isValid()) return { text: stored, href: null }
  const national = parsed.country === DEFAULT_PHONE_REGION
  return { text: national ? parsed.formatNational() : parsed.formatInternational(), href: parsed.getURI() }
}
