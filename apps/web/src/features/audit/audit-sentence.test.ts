import { AUDIT_EVENTS, type AuditEvent } from '@shared/audit'
import type { AuditLogEntry } from '@shared/audit-log'
import { describe, expect, test } from 'vitest'
import { auditSentence } from './audit-sentence'

const ADMIN = { name: 'Clinic Admin', email: 'admin@clinic.test' }
const BOOKING_ID = '0b7f5c1e-3d4a-4b8e-9f10-2a3b4c5d6e7f'
const REVIEW_ID = '5d2c9e4a-7b1f-4c3d-8e6a-9f0b1c2d3e4f'
const TREATMENT_ID = '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const booking = { treatment: 'Teeth Cleaning', date: '2026-11-28', slot: '10:00 AM - 10:30 AM' }

const entry = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: '1',
  at: '2026-11-26T04:05:06.000Z',
  event: 'logout',
  actor: { name: 'Amina Rahman', email: 'amina@example.test' },
  subject: 'amina@example.test',
  subjectName: 'Amina Rahman',
  address: '203.0.113.7',
  detail: {},
  booking: null,
  ...overrides,
})

/** Each event with the detail the server records for it (grep `audit(` in apps/api/src/modules). */
const RECORDED: Record<AuditEvent, [Partial<AuditLogEntry>, string]> = {
  account_created: [{ detail: { via: 'google' } }, 'Amina Rahman created an account with Google.'],
  account_taken_over: [
    { detail: { via: 'google' } },
    'Amina Rahman took over an unconfirmed account with the same e-mail address by signing in with Google.',
  ],
  email_verification_sent: [{}, 'A confirmation e-mail was sent to Amina Rahman.'],
  email_verified: [{}, 'Amina Rahman confirmed their e-mail address.'],
  login_succeeded: [{ detail: { via: 'sign_in_link' } }, 'Amina Rahman signed in with a sign-in link.'],
  login_failed: [{ actor: null }, 'Someone failed to sign in as Amina Rahman.'],
  login_throttled: [
    { actor: null, detail: { budget: 'spent' } },
    'Sign-in attempts for Amina Rahman were paused after too many tries.',
  ],
  sign_in_link_sent: [{ actor: null }, 'A sign-in link was e-mailed to Amina Rahman.'],
  logout: [{}, 'Amina Rahman signed out.'],
  password_reset_requested: [{ actor: null }, 'A password reset was requested for Amina Rahman.'],
  password_reset_completed: [{}, 'Amina Rahman set a new password with a reset link.'],
  role_changed: [
    { actor: ADMIN, detail: { role: 'admin', by: 'admin' } },
    'Clinic Admin made Amina Rahman an admin.',
  ],
  session_reuse_detected: [
    {},
    'A sign-in of Amina Rahman was used twice, so it was ended (it may have been copied).',
  ],
  sessions_ended: [{ detail: { sessions: 3 } }, 'Amina Rahman signed out 3 sessions on other devices.'],
  password_changed: [{}, 'Amina Rahman changed their password.'],
  account_deleted: [
    { actor: ADMIN, detail: { by: 'admin', cancelledBookings: 2, refundedBookings: 1 } },
    'Clinic Admin deleted the account of Amina Rahman; 2 appointments cancelled, 1 refunded.',
  ],
  payment_recorded: [
    { actor: null, booking, detail: { bookingId: BOOKING_ID, transactionId: 'pi_123', amountMinor: 80000 } },
    'Amina Rahman paid 800 TK for Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM.',
  ],
  payment_failed: [
    { actor: null, booking, detail: { bookingId: BOOKING_ID, transactionId: 'pi_123', amountMinor: 80000 } },
    'A card payment of 800 TK by Amina Rahman for Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM was declined.',
  ],
  payment_refunded: [
    { actor: null, booking, detail: { bookingId: BOOKING_ID, transactionId: 'pi_123', amountMinor: 80000 } },
    'Amina Rahman was refunded 800 TK in full for Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM.',
  ],
  payment_partially_refunded: [
    { actor: null, detail: { bookingId: BOOKING_ID, amountMinor: 80000, refundedMinor: 20000 } },
    'Amina Rahman was refunded 200 TK of 800 TK for an appointment.',
  ],
  refund_failed: [
    { actor: null, booking, detail: { bookingId: BOOKING_ID, transactionId: 'pi_123', amountMinor: 80000 } },
    'A refund of 800 TK to Amina Rahman for Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM failed at the payment provider.',
  ],
  doctor_created: [
    { actor: ADMIN, subject: null, subjectName: null, detail: { doctorId: TREATMENT_ID, name: 'Dr. Karim' } },
    'Clinic Admin added the doctor Dr. Karim.',
  ],
  doctor_changed: [
    { actor: ADMIN, subject: null, subjectName: null, detail: { doctorId: TREATMENT_ID, name: 'Dr. Karim' } },
    'Clinic Admin changed the details of the doctor Dr. Karim.',
  ],
  doctor_deleted: [
    { actor: ADMIN, subject: null, subjectName: null, detail: { doctorId: TREATMENT_ID, name: 'Dr. Karim' } },
    'Clinic Admin removed the doctor Dr. Karim.',
  ],
  treatment_created: [
    { actor: ADMIN, detail: { treatmentId: TREATMENT_ID, name: 'Scaling', price: 900, category: 'Hygiene' } },
    'Clinic Admin added the treatment Scaling (Hygiene, 900 TK).',
  ],
  treatment_changed: [
    {
      actor: ADMIN,
      detail: {
        treatmentId: TREATMENT_ID,
        from: { name: 'Scaling', price: 900, category: 'Dental Essentials' },
        to: { name: 'Deep Scaling', price: null, category: 'Hygiene' },
      },
    },
    'Clinic Admin changed the treatment Scaling (Dental Essentials, 900 TK) to Deep Scaling (Hygiene, no price).',
  ],
  treatment_retired: [
    {
      actor: ADMIN,
      detail: { treatmentId: TREATMENT_ID, name: 'Scaling', kept: 0, cancelled: 3, refunded: 1 },
    },
    'Clinic Admin stopped offering Scaling; 3 appointments cancelled (1 refunded).',
  ],
  schedule_changed: [
    {
      actor: ADMIN,
      detail: {
        change: 'holiday_added',
        date: '2026-11-28',
        reason: 'Victory Day',
        kept: 2,
        cancelled: 0,
        refunded: 0,
      },
    },
    'Clinic Admin closed the clinic on Nov 28, 2026 (Victory Day); 2 appointments kept.',
  ],
  attendance_marked: [
    { actor: ADMIN, booking, detail: { bookingId: BOOKING_ID, attendance: 'no_show' } },
    'Clinic Admin marked Amina Rahman as a no-show for Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM.',
  ],
  review_approved: [
    { actor: ADMIN, booking, detail: { reviewId: REVIEW_ID, bookingId: BOOKING_ID } },
    "Clinic Admin approved Amina Rahman's review of Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM; it shows on the Reviews page.",
  ],
  review_hidden: [
    { actor: ADMIN, booking, detail: { reviewId: REVIEW_ID, bookingId: BOOKING_ID } },
    "Clinic Admin hid Amina Rahman's review of Teeth Cleaning on Nov 28, 2026 at 10:00 AM - 10:30 AM.",
  ],
  booking_rescheduled: [
    {
      booking,
      detail: {
        bookingId: BOOKING_ID,
        treatment: 'Teeth Cleaning',
        from: { date: '2026-11-27', start: '09:00', minutes: 30 },
        to: { date: '2026-11-28', start: '10:00', minutes: 30 },
      },
    },
    'Amina Rahman moved their Teeth Cleaning from Nov 27, 2026 at 09:00 AM - 09:30 AM to Nov 28, 2026 at 10:00 AM - 10:30 AM.',
  ],
  waitlist_offered: [
    {
      detail: {
        offerId: REVIEW_ID,
        treatment: 'Teeth Cleaning',
        date: '2026-11-28',
        slot: '10:00 AM - 10:30 AM',
      },
    },
    'Amina Rahman was offered the freed slot 10:00 AM - 10:30 AM of Teeth Cleaning on Nov 28, 2026 from the waitlist.',
  ],
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
const RAW_KEYS = /bookingId|treatmentId|doctorId|transactionId|amountMinor|pi_|undefined|null|NaN|\[object/

describe('every event of the audit log reads as a sentence', () => {
  test.each(AUDIT_EVENTS)('%s', (event) => {
    const [recorded, expected] = RECORDED[event]
    // As recorded, and with nothing recorded at all (an entry older than its detail keys).
    for (const overrides of [recorded, { ...recorded, detail: {}, booking: null, subjectName: null }]) {
      const sentence = auditSentence(entry({ event, ...overrides }))
      expect(sentence).toMatch(/^\S.*\.$/)
      expect(sentence).not.toContain('_')
      expect(sentence).not.toMatch(UUID)
      expect(sentence).not.toMatch(RAW_KEYS)
    }
    expect(auditSentence(entry({ event, ...recorded }))).toBe(expected)
  })
})

const admin = (detail: AuditLogEntry['detail']) =>
  auditSentence(entry({ event: 'schedule_changed', actor: ADMIN, detail }))

test('each change of the schedule has its sentence, slots in the 12-hour slot format', () => {
  expect(admin({ change: 'slot_added', treatment: 'Scaling', start: '14:00', minutes: 30 })).toBe(
    'Clinic Admin added the slot 02:00 PM - 02:30 PM to Scaling.',
  )
  expect(
    admin({
      change: 'slot_removed',
      treatment: 'Scaling',
      start: '08:00',
      minutes: 30,
      kept: 1,
      cancelled: 0,
    }),
  ).toBe('Clinic Admin removed the slot 08:00 AM - 08:30 AM from Scaling; 1 appointment kept.')
  expect(admin({ change: 'closed_weekdays', from: [5], to: [5, 6], kept: 0, cancelled: 0 })).toBe(
    "Clinic Admin set the clinic's weekly closed days to Fridays, Saturdays (before: Fridays).",
  )
  expect(admin({ change: 'holiday_removed', date: '2026-12-16', reason: '' })).toBe(
    'Clinic Admin opened the clinic again on Dec 16, 2026.',
  )
})

test('a subject without a name reads as the e-mail recorded; a deleted treatment as removed', () => {
  expect(auditSentence(entry({ event: 'logout', subjectName: null }))).toBe('amina@example.test signed out.')
  expect(
    auditSentence(entry({ event: 'treatment_retired', actor: ADMIN, detail: { treatmentId: TREATMENT_ID } })),
  ).toBe('Clinic Admin stopped offering a removed treatment.')
})

test('the accounts the server itself makes say so', () => {
  expect(auditSentence(entry({ event: 'account_created', actor: null, detail: { by: 'ADMIN_EMAIL' } }))).toBe(
    'The server created the admin account Amina Rahman from its settings.',
  )
  expect(
    auditSentence(entry({ event: 'role_changed', actor: null, detail: { role: 'patient', by: 'cli' } })),
  ).toBe("Amina Rahman was made a patient on the server's command line.")
})

test('a treatment recorded before the categories reads with its fee only', () => {
  const from = { name: 'Scaling', price: 900 }
  const to = { name: 'Scaling', price: 950 }
  expect(
    auditSentence(
      entry({ event: 'treatment_changed', actor: ADMIN, detail: { treatmentId: TREATMENT_ID, from, to } }),
    ),
  ).toBe('Clinic Admin changed the treatment Scaling (900 TK) to Scaling (950 TK).')
})
