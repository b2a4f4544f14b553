import { z } from 'zod'

/**
 * Every reason the API gives for refusing a request, with the HTTP status it always answers.
 * Clients and tests branch on these codes, never on the message, which is written for people and
 * may be reworded.
 */
export const ERROR_STATUS = {
  // Any route
  VALIDATION: 400,
  INVALID_BODY: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_URL: 400,
  REQUEST_TIMEOUT: 408,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  DATABASE_DOWN: 503,
  INTERNAL: 500,
  // Accounts
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  WRONG_PASSWORD: 400,
  NO_PASSWORD: 400,
  TOO_MANY_LOGINS: 429,
  SIGN_IN_LINK_SENT: 429,
  SIGN_IN_LINK_INVALID: 400,
  LAST_ADMIN: 409,
  RESET_LINK_INVALID: 400,
  VERIFY_LINK_INVALID: 400,
  EMAIL_ALREADY_VERIFIED: 409,
  GOOGLE_EMAIL_UNVERIFIED: 403,
  GOOGLE_LINKED_ELSEWHERE: 409,
  // Clinic and bookings
  DATE_PAST: 400,
  DATE_BEYOND_WINDOW: 400,
  TREATMENT_NOT_OFFERED: 400,
  SLOT_NOT_OFFERED: 400,
  CLINIC_CLOSED: 400,
  SLOT_STARTED: 400,
  SLOT_TAKEN: 409,
  ALREADY_BOOKED_THAT_DAY: 409,
  OVERLAPPING_BOOKING: 409,
  TOO_MANY_UPCOMING_BOOKINGS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  ALREADY_CANCELLED: 409,
  BOOKING_PAID: 409,
  BOOKING_STARTED: 409,
  // Payments and refunds
  NOT_PRICED: 409,
  ALREADY_PAID: 409,
  BOOKING_CANCELLED: 409,
  BOOKING_PAST: 409,
  PAYMENT_NOT_CONFIRMED: 409,
  PAYMENT_PROVIDER_DOWN: 502,
  REFUND_FAILED: 502,
  REFUND_CUTOFF_PASSED: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  // Card refusals (402), Stripe's decline codes
  CARD_DECLINED: 402,
  INSUFFICIENT_FUNDS: 402,
  AUTHENTICATION_REQUIRED: 402,
  INVALID_NUMBER: 402,
  EXPIRED_CARD: 402,
  INVALID_EXPIRY: 402,
  INVALID_CVC: 402,
  // Administration
  CANNOT_CHANGE_OWN_ROLE: 409,
  CANNOT_DELETE_SELF: 409,
  IMAGE_MISSING: 400,
  IMAGE_INVALID: 400,
  IMAGE_TOO_LARGE: 413,
  IMAGE_NOT_OURS: 400,
  SPECIALTY_UNKNOWN: 400,
  DOCTOR_EMAIL_TAKEN: 409,
  TREATMENT_NAME_TAKEN: 409,
  TREATMENT_RETIRED: 409,
  SLOT_EXISTS: 409,
  BOOKINGS_AFFECTED: 409,
  HOLIDAY_EXISTS: 409,
  ATTENDANCE_TOO_EARLY: 409,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]

export const ErrorCode = z.enum(ERROR_CODES)

/** Every API error answers with this body; the message is written for the person using the app. */
export const ErrorReply = z.object({ code: ErrorCode, message: z.string() })
export type ErrorReply = z.infer<typeof ErrorReply>

export const GENERIC_ERROR_MESSAGE = 'Something went wrong'
