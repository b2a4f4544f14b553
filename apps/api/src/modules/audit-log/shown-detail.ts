/**
 * The detail keys shown to admins: facts our code writes about what happened. A key not listed
 * (a session id, a key a later change adds) stays in the database and off the screen until it is
 * listed here, so a secret written by mistake is never shown. Nested objects are filtered the
 * same way.
 */
const SHOWN_KEYS = new Set([
  // Accounts
  'via',
  'role',
  'by',
  'sessions',
  'cancelledBookings',
  'refundedBookings',
  // Payments and attendance
  'bookingId',
  'transactionId',
  'amountMinor',
  'refundedMinor',
  'attendance',
  // Treatments, slots and closed days
  'change',
  'treatmentId',
  'treatment',
  'name',
  'price',
  'slotId',
  'start',
  'minutes',
  'date',
  'reason',
  'from',
  'to',
  'kept',
  'cancelled',
  // Doctors
  'doctorId',
  'specialty',
  // Reviews (decision 0032)
  'reviewId',
])

/** The allow-listed keys of an entry's detail, each value written out as text. */
export function shownDetail(detail: Record<string, unknown> | null): Record<string, string> {
  const shown: Record<string, string> = {}
  for (const [key, value] of Object.entries(detail ?? {})) {
    const text = SHOWN_KEYS.has(key) ? asText(value) : undefined
    if (text !== undefined) shown[key] = text
  }
  return shown
}

function asText(value: unknown): string | undefined {
  if (value === null) return 'none'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) {
    const items = value.map(asText).filter((item) => item !== undefined)
    return items.length > 0 ? items.join(', ') : 'none'
  }
  if (typeof value === 'object') {
    const fields = Object.entries(shownDetail(value as Record<string, unknown>))
    return fields.length > 0 ? fields.map(([key, text]) => `${key}: ${text}`).join(', ') : undefined
  }
  return undefined
}
