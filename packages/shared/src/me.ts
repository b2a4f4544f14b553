import { z } from 'zod'
import { NewPassword, PASSWORD_MAX_LENGTH } from './accounts'
import { Id } from './ids'

/** One signed-in browser of the account page's list. */
export const SessionInfo = z.object({
  id: z.string(),
  /** Browser and system, from the User-Agent ('Chrome on Android'), or 'Unknown device'. */
  device: z.string(),
  address: z.string().nullable(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  /** The session the request came from ('This device'). */
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof SessionInfo>

export const SessionsReply = z.object({ sessions: z.array(SessionInfo) })
export type SessionsReply = z.infer<typeof SessionsReply>

export const SessionParams = z.object({ id: Id })

export const EndedSessionsReply = z.object({ ended: z.number().int() })
export type EndedSessionsReply = z.infer<typeof EndedSessionsReply>

const CurrentPassword = z
  .string({ error: 'Please enter your current password.' })
  .min(1, 'Please enter your current password.')
  .max(PASSWORD_MAX_LENGTH, 'Your current password is not correct.')

export const ChangePasswordBody = z.object({ currentPassword: CurrentPassword, newPassword: NewPassword })
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>

/** The password, unless the account has none (Google only): then a fresh Google sign-in counts. */
export const DeleteAccountBody = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Your password is not correct.').optional(),
})
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>

/** `GET /api/me/export`: everything the clinic holds about the account, never a secret. */
export const MyDataExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['patient', 'admin']),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    hasGoogle: z.boolean(),
    createdAt: z.string(),
  }),
  bookings: z.array(
    z.object({
      id: z.string(),
      treatmentName: z.string(),
      appointmentDate: z.string(),
      slot: z.string(),
      price: z.number().nullable(),
      patientName: z.string(),
      phone: z.string(),
      status: z.enum(['booked', 'cancelled']),
      paid: z.boolean(),
      createdAt: z.string(),
      cancelledAt: z.string().nullable(),
    }),
  ),
  auditEntries: z.array(
    z.object({
      event: z.string(),
      at: z.string(),
      address: z.string().nullable(),
      detail: z.record(z.string(), z.string()),
    }),
  ),
  /** Amounts in TK; the card as brand and last four digits, which is all the clinic keeps. */
  payments: z.array(
    z.object({
      bookingId: z.string(),
      transactionId: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.enum(['succeeded', 'refunded']),
      card: z.string().nullable(),
      paidAt: z.string(),
      refundedAt: z.string().nullable(),
    }),
  ),
  /** The patient's reviews of their appointments (decision 0032), whatever their status. */
  reviews: z.array(
    z.object({
      bookingId: z.string(),
      rating: z.number(),
      text: z.string(),
      status: z.enum(['pending', 'approved', 'hidden']),
      createdAt: z.string(),
    }),
  ),
})
export type MyDataExport = z.infer<typeof MyDataExport>

export const EXPORT_FILE_NAME = 'doctors-portal-my-data.json'

export const ME_MESSAGES = {
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  wrongCurrentPassword: 'Your current password is not correct.',
  noPassword:
    "Your account signs in with Google and has no password. To set one, log out and use 'forget Password?' on the login page.",
  wrongPassword: 'Your password is not correct.',
  deleteNeedsPassword: 'Please enter your password to delete your account.',
  deleteNeedsGoogle:
    'For your safety, please sign in with Google again, then delete your account within 10 minutes.',
  lastAdmin: 'You are the last admin. Make another account an admin before deleting yours.',
  accountDeleted: 'Your account has been deleted.',
  sessionNotFound: 'This session does not exist or has already ended.',
} as const
