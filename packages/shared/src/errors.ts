import { z } from 'zod'

/**
 * Every reason the API gives for refusing a request. Clients and tests branch on these codes,
 * never on the message, which is written for people and may be reworded.
 */
export const ERROR_CODES = [
  // Any route
  'VALIDATION',
  'INVALID_BODY',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_URL',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'DATABASE_DOWN',
  'INTERNAL',
  // Accounts
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'NO_PASSWORD',
  'TOO_MANY_LOGINS',
  'SIGN_IN_LINK_SENT',
  'SIGN_IN_LINK_INVALID',
  'LAST_ADMIN',
  'RESET_LINK_INVALID',
  'VERIFY_LINK_INVALID',
  'EMAIL_ALREADY_VERIFIED',
  'GOOGLE_EMAIL_UNVERIFIED',
  'GOOGLE_LINKED_ELSEWHERE',
  // Clinic and bookings
  'DATE_PAST',
  'DATE_BEYOND_WINDOW',
  'TREATMENT_NOT_OFFERED',
  'SLOT_NOT_OFFERED',
  'CLINIC_CLOSED',
  'SLOT_STARTED',
  'SLOT_TAKEN',
  'ALREADY_BOOKED_THAT_DAY',
  'OVERLAPPING_BOOKING',
  'TOO_MANY_UPCOMING_BOOKINGS',
  'IDEMPOTENCY_KEY_REUSED',
  'ALREADY_CANCELLED',
  'BOOKING_PAID',
  'BOOKING_STARTED',
  // Payments and refunds
  'NOT_PRICED',
  'ALREADY_PAID',
  'BOOKING_CANCELLED',
  'BOOKING_PAST',
  'PAYMENT_NOT_CONFIRMED',
  'PAYMENT_PROVIDER_DOWN',
  'REFUND_FAILED',
  'REFUND_CUTOFF_PASSED',
  'WEBHOOK_SIGNATURE_INVALID',
  // Card refusals (402), Stripe's decline codes
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_REQUIRED',
  'INVALID_NUMBER',
  'EXPIRED_CARD',
  'INVALID_EXPIRY',
  'INVALID_CVC',
  // Administration (issue 13)
  'CANNOT_CHANGE_OWN_ROLE',
  'CANNOT_DELETE_SELF',
  'IMAGE_MISSING',
  'IMAGE_INVALID',
  'IMAGE_TOO_LARGE',
  'IMAGE_NOT_OURS',
  'SPECIALTY_UNKNOWN',
  'DOCTOR_EMAIL_TAKEN',
  'TREATMENT_NAME_TAKEN',
  'TREATMENT_RETIRED',
  'SLOT_EXISTS',
  'BOOKINGS_AFFECTED',
  'HOLIDAY_EXISTS',
  'ATTENDANCE_TOO_EARLY',
] as const

export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

/** Every API error answers with this body; the message is written for the person using the app. */
export const ErrorReply = z.object({ code: ErrorCode, message: z.string() })
export type ErrorReply = z.infer<typeof ErrorReply>

export const GENERIC_ERROR_MESSAGE = 'Something went wrong'
