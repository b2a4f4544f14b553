import { z } from 'zod'

export const PLAIN_TEXT_MESSAGE = 'Please use letters, digits and punctuation only.'

const CONTROL = /\p{Cc}/u
const CONTROL_BUT_LINE_BREAK = /(?!\n)\p{Cc}/u
/** Half of a surrogate pair on its own: not a character, and no UTF-8 encoder keeps it. */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * No C0 or C1 control character (a line break only where the field is multi-line) and no lone
 * surrogate: nobody types them, PostgreSQL refuses NUL, and they garble logs, mails and CSV.
 * Every string a client sends goes through this, passwords and tokens included.
 */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? CONTROL_BUT_LINE_BREAK : CONTROL
  return !control.test(value) && !LONE_SURROGATE.test(value)
}

interface FreeTextRules {
  /** Shown when the field is missing or blank. */
  required: string
  max: number
  tooLong: string
  multiline?: boolean
}

/** Required, trimmed, bounded free text that is plain text (names, phone numbers, notes). */
export function freeText({ required, max, tooLong, multiline = false }: FreeTextRules) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => isPlainText(value, { multiline }), PLAIN_TEXT_MESSAGE)
}
