/*
 * The audit log's events on their own, without zod, so that the audit page's filter can list them
 * without loading the schemas' library. The API's AuditEvent type is derived from this list, so
 * an event written by the server is always one the filter offers.
 */

export const AUDIT_EVENTS = [
  'account_created',
  'account_taken_over',
  'email_verification_sent',
  'email_verified',
  'login_succeeded',
  'login_failed',
  'login_throttled',
  'sign_in_link_sent',
  'logout',
  'password_reset_requested',
  'password_reset_completed',
  'role_changed',
  'session_reuse_detected',
  'sessions_ended',
  'password_changed',
  'account_deleted',
  'payment_recorded',
  'payment_failed',
  'payment_refunded',
  'payment_partially_refunded',
  'refund_failed',
  // The admins' changes (decision 0019)
  'doctor_created',
  'doctor_changed',
  'doctor_deleted',
  'treatment_created',
  'treatment_changed',
  'treatment_retired',
  'schedule_changed',
  'attendance_marked',
  // Reviews (decision 0032)
  'review_approved',
  'review_hidden',
  // Self-service rescheduling (decision 0035)
  'booking_rescheduled',
  // Waitlist (decision 0036)
  'waitlist_offered',
] as const

export type AuditEvent = (typeof AUDIT_EVENTS)[number]

/** Entries per page of `GET /api/audit`. */
export const AUDIT_PAGE_SIZE = 50

/** 'attendance_marked' → 'Attendance marked', for people reading the log. */
export const auditEventLabel = (event: string) => {
  const words = event.replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
