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
  'refunded',
  // Doctors
  'doctorId',
  'specialty',
  // Reviews (decision 0032)
  'reviewId',
])

/** The allow-listed keys of an entry's detail, nested objects and lists filtered the same way. */
export function shownDetail(detail: Record<string, unknown> | null): Record<string, unknown> {
  const shown: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(detail ?? {})) {
    const kept = SHOWN_KEYS.has(key) ? shownValue(value) : undefined
    if (kept !== undefined) shown[key] = kept
  }
  return shown
}

function shownValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value
  if (Array.isArray(value)) return value.map(shownValue).filter((item) => item !== undefined)
  if (typeof value === 'object') {
    const fields = shownDetail(value as Record<string, unknown>)
    return Object.keys(fields).length > 0 ? fields : undefined
  }
  return undefined
}
