import { z } from 'zod'
import { EmailInput, Name } from './accounts'
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

export const UserListReply = z.object({ users: z.array(UserRecord) })
export type UserListReply = z.infer<typeof UserListReply>

export const MakeAdminParams = z.object({ id: z.string() })
export const MakeAdminReply = z.object({ admin: z.object({ modifiedCount: z.number().int() }) })
export type MakeAdminReply = z.infer<typeof MakeAdminReply>
