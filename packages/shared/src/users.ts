import { z } from 'zod'
import { EmailInput, Name } from './accounts'
import { Id } from './ids'
import { isPlainText, PLAIN_TEXT_MESSAGE } from './text'

export const ROLES = ['patient', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** A user record as the spec's dashboard reads it (spec section 3). */
export const UserRecord = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
})
export type UserRecord = z.infer<typeof UserRecord>

/**
 * `POST /api/users`: the spec sends `{name, email}`. Only the name is used; the account is the
 * token's, so an e-mail or role in the body changes nothing.
 */
export const SaveUserBody = z.object({
  name: Name,
  email: z
    .string()
    .max(254, 'This e-mail address is too long.')
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .optional(),
})
export type SaveUserBody = z.infer<typeof SaveUserBody>
export const SaveUserReply = z.object({ user: UserRecord })

export const AdminCheckParams = z.object({ email: EmailInput })
export const AdminCheckReply = z.object({ isAdmin: z.boolean() })
export type AdminCheckReply = z.infer<typeof AdminCheckReply>

/** The admins' screen of users (decision 0019): one page of `GET /api/users`. */
export const USERS_PAGE_SIZE = 50
export const USER_SEARCH_MAX_LENGTH = 100

export const USER_MESSAGES = {
  notFound: 'No such user.',
  cannotChangeOwnRole: 'You cannot remove your own admin role. Ask another admin to do it.',
  cannotDeleteSelf: 'You cannot delete your own account here. Use Delete account on your Account page.',
  lastAdmin: 'The clinic needs at least one admin. Make another user an admin first.',
  badCursor: 'This page of users is out of date. Please search again.',
} as const

/**
 * `q` matches a part of the name or the e-mail, in any case; `cursor` is the `nextCursor` of the
 * page before (opaque to the client).
 */
export const UserListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH, `Search for at most ${USER_SEARCH_MAX_LENGTH} characters.`)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .optional(),
  cursor: z.string().max(200, USER_MESSAGES.badCursor).optional(),
})
export type UserListQuery = z.infer<typeof UserListQuery>

/** A row of the admins' list: the spec's record and whether the e-mail is verified, nothing more. */
export const UserListItem = UserRecord.extend({ emailVerified: z.boolean() })
export type UserListItem = z.infer<typeof UserListItem>

/** The spec's `{users}` wrapper, and where the next page starts (null on the last page). */
export const UserListReply = z.object({ users: z.array(UserListItem), nextCursor: z.string().nullable() })
export type UserListReply = z.infer<typeof UserListReply>

export const UserParams = z.object({ id: Id })
/** Make Admin (the spec's) and Remove Admin answer alike: how many accounts changed role. */
export const MakeAdminReply = z.object({ admin: z.object({ modifiedCount: z.number().int() }) })
export type MakeAdminReply = z.infer<typeof MakeAdminReply>

/** `DELETE /api/users/:id`: what the account's deletion did to its upcoming bookings. */
export const DeleteUserReply = z.object({
  user: z.object({
    deletedCount: z.number().int(),
    cancelledBookings: z.number().int(),
    refundedBookings: z.number().int(),
  }),
})
export type DeleteUserReply = z.infer<typeof DeleteUserReply>
