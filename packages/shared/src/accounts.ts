import { z } from 'zod'
import { freeText, isPlainText, PLAIN_TEXT_MESSAGE } from './text'

/** Spec section 9: minimum password length. 128 is our ceiling (argon2 never truncates). */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 100

/** Spec section 5: a lowercase letter, an uppercase letter, a digit and one of !@#$%^&*. */
const STRONG_PASSWORD = /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])/
/** Spec section 5's message for a weak password; the server also gives it for a common one. */
export const PASSWORD_NOT_STRONG_MESSAGE = 'Password Must Be Strong!'

/** Name field of the register form (spec section 5). */
export const Name = freeText({
  required: 'Name is Required',
  max: NAME_MAX_LENGTH,
  tooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
})

/** An e-mail as typed: required, then trimmed and lower-cased so that look-ups ignore case. */
export const EmailInput = z
  .string({ error: 'Email is Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is Required')
  .max(254, 'This e-mail address is too long.')
  .refine(isPlainText, PLAIN_TEXT_MESSAGE)

/** A well-formed e-mail address, normalised (the users table stores only this form). */
export const Email = EmailInput.pipe(z.email('Please enter a valid e-mail address.'))

/** The register form's password rules (spec section 5), also applied to every new password. */
export const NewPassword = z
  .string({ error: 'Invalid Password' })
  .min(1, { error: 'Invalid Password', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password Must Be 6 Characters Or longer.', abort: true })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    abort: true,
  })
  .refine(isPlainText, { error: PLAIN_TEXT_MESSAGE, abort: true })
  .regex(STRONG_PASSWORD, PASSWORD_NOT_STRONG_MESSAGE)

export const RegisterBody = z.object({ name: Name, email: Email, password: NewPassword })
export type RegisterBody = z.infer<typeof RegisterBody>

/**
 * Login form: the e-mail is required (and well-formed, so that a password typed into the e-mail
 * field never reaches the audit log); the password has no rule (spec section 5).
 */
export const LoginBody = z.object({
  email: Email,
  password: z
    .string({ error: 'Invalid Password' })
    .max(PASSWORD_MAX_LENGTH, 'Invalid Password')
    .refine(isPlainText, 'Invalid Password'),
})
export type LoginBody = z.infer<typeof LoginBody>

/**
 * The signed-in user as the spec's auth provider describes it (spec section 3), and whether the
 * owner has proven the e-mail address (the app asks them to until then).
 */
export const AuthUser = z.object({
  uid: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
})
export type AuthUser = z.infer<typeof AuthUser>

export const AuthUserReply = z.object({ user: AuthUser })
export type AuthUserReply = z.infer<typeof AuthUserReply>

export const ProfileBody = z.object({ displayName: Name })
export type ProfileBody = z.infer<typeof ProfileBody>

export const TokenQuery = z.object({ email: EmailInput })
export const TokenReply = z.object({ token: z.string() })
export type TokenReply = z.infer<typeof TokenReply>

/**
 * `GET /api/auth/session`, login, the sign-in link and registration: the user and a bearer token
 * for their new session, so that neither a page load nor a sign-in asks `/api/jwt` next
 * (decision 0053).
 */
export const SessionReply = AuthUserReply.extend({ token: z.string() })
export type SessionReply = z.infer<typeof SessionReply>

/** Which sign-in providers this clinic offers; the Google button reads it. */
export const ProvidersReply = z.object({ google: z.boolean() })
export type ProvidersReply = z.infer<typeof ProvidersReply>

/** Where to go after Google sign-in: a path of this site only, never another origin. */
export const GoogleStartQuery = z.object({
  returnTo: z
    .string()
    .regex(/^\/(?![/\\])[^\s]*$/, 'returnTo must be a path of this site.')
    .max(500, 'returnTo must be a path of this site.')
    .refine(isPlainText, 'returnTo must be a path of this site.')
    .optional(),
})

export const PasswordResetRequestBody = z.object({ email: Email })
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>

/** The secret of a mailed link (reset, verification, sign-in): any fault is the link's one message. */
const linkToken = (invalid: string) =>
  z.string({ error: invalid }).min(1, invalid).max(200, invalid).refine(isPlainText, invalid)

export const PasswordResetConfirmBody = z.object({
  token: linkToken('This reset link is invalid.'),
  password: NewPassword,
})
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>

export const MessageReply = z.object({ message: z.string() })

export const EMAIL_VERIFY_LINK_INVALID_MESSAGE =
  'This verification link is invalid or has expired. Please ask for a new one.'
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is verified.'
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.'
export const EMAIL_VERIFICATION_SENT_MESSAGE = 'We have sent you a new link. Please check your e-mail.'

/** The link from the verification mail; it may be opened on a device that is not signed in. */
export const VerifyEmailBody = z.object({
  token: linkToken(EMAIL_VERIFY_LINK_INVALID_MESSAGE),
})
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>

export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent it a link to choose a new password.'
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Please log in with it.'
export const LOGIN_FAILED_MESSAGE = 'Wrong e-mail or password.'
export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed sign-in attempts. Please try again in 15 minutes.'
/** The answer when an account's password checks for new browsers are spent (decision 0020); the same for unknown e-mails. */
export const SIGN_IN_LINK_SENT_MESSAGE =
  'Too many sign-in attempts for this e-mail from new devices. If it has an account, we have sent it a link that signs you in: please check your e-mail.'
export const SIGN_IN_LINK_INVALID_MESSAGE =
  'This sign-in link is invalid or has expired. Please log in again.'

/** The link from the sign-in mail, posted by the page it opens. */
export const SignInLinkBody = z.object({
  token: linkToken(SIGN_IN_LINK_INVALID_MESSAGE),
})
export type SignInLinkBody = z.infer<typeof SignInLinkBody>
export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is not available at this clinic.'
