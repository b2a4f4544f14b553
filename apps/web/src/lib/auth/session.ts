import type {
  AuthUser,
  AuthUserReply,
  LoginBody,
  RegisterBody,
  SessionReply,
  SignInLinkBody,
} from '@shared/accounts'
import type { SaveUserBody } from '@shared/users'
import { api } from '../api-client'
import { ApiError, fetchJson } from '../http'
import { withSessionLock } from './session-lock'
import { adoptToken, forgetSession } from './token-renewal'
import { forgetGoogleSignInPending, sessionMayExist } from './token-store'

/*
 * The calls that read or replace the session cookie (docs/decisions/0005-accounts-sessions.md).
 * Each runs under the session lock, so that no two of them ever use the same cookie.
 */

let restoring: Promise<AuthUser | null> | null = null

/**
 * On page load: `GET /api/auth/session` for the user and a token for them, in one round trip
 * (decision 0053). Shared by simultaneous callers (StrictMode, tabs).
 */
export function restoreSession(): Promise<AuthUser | null> {
  if (!sessionMayExist()) return Promise.resolve(null)
  restoring ??= withSessionLock(async () => {
    try {
      return signedInWith(await fetchJson<SessionReply>('/api/auth/session'))
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') {
        forgetSession()
        return null
      }
      throw error
    } finally {
      forgetGoogleSignInPending()
    }
  }).finally(() => {
    restoring = null
  })
  return restoring
}

let startedAtLoad: Promise<AuthUser | null> | null = null

/**
 * Starts restoring the session as soon as the app's code runs, before React renders: the request
 * then goes out beside the page's code instead of after it, and a page that waits for the
 * session (My Appointment) shows one round trip sooner. The app's first restore takes its answer.
 */
export function restoreSessionAtLoad(): void {
  startedAtLoad = restoreSession()
  // Its failure is reported where it is taken; until then it must not count as unhandled.
  startedAtLoad.catch(() => undefined)
}

/** The session restore started at load, once; after that, a new restore. */
export function takeSessionRestore(): Promise<AuthUser | null> {
  const started = startedAtLoad
  startedAtLoad = null
  return started ?? restoreSession()
}

/** Login (spec section 4): the answer brings the user's first token, which is stored. */
export function signIn(body: LoginBody): Promise<AuthUser> {
  return withSessionLock(async () =>
    signedInWith(await fetchJson<SessionReply>('/api/auth/login', { method: 'POST', body })),
  )
}

/** The link mailed when an account's sign-ins from new devices are spent (decision 0020). */
export function signInWithLink(body: SignInLinkBody): Promise<AuthUser> {
  return withSessionLock(async () =>
    signedInWith(await fetchJson<SessionReply>('/api/auth/login-link', { method: 'POST', body })),
  )
}

/**
 * Registration (spec section 4): create the account (which sets the display name; the answer
 * brings a token), then post the user record with that token.
 */
export async function signUp(body: RegisterBody): Promise<AuthUser> {
  const user = await withSessionLock(async () =>
    signedInWith(await fetchJson<SessionReply>('/api/auth/register', { method: 'POST', body })),
  )
  // Outside the lock: a bearer call may need to renew the token, which takes the lock itself.
  // The account already holds the name, so a failure here must not undo a successful sign-up.
  await api
    .post('/api/users', { name: user.displayName, email: user.email } satisfies SaveUserBody)
    .catch((error: unknown) => console.error('Could not save the user record', error))
  return user
}

/** Ends the session on the server and forgets the token, even when the server cannot be reached. */
export function signOut(): Promise<void> {
  return withSessionLock(async () => {
    try {
      await fetchJson<void>('/api/auth/logout', { method: 'POST' })
    } finally {
      forgetSession()
      forgetGoogleSignInPending()
    }
  })
}

export async function updateProfile(displayName: string): Promise<AuthUser> {
  const { user } = await api.patch<AuthUserReply>('/api/auth/profile', { displayName })
  return user
}

/** Every sign-in answer and the restore bring the user and their first token (decision 0053). */
function signedInWith({ user, token }: SessionReply): AuthUser {
  adoptToken(user.email, token)
  return user
}
