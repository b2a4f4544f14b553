import type { TokenReply } from '@shared/accounts'
import { ApiError, type ApiErrorCode, fetchJson } from '../http'
import { withSessionLock } from './session-lock'
import {
  ACCESS_TOKEN_KEY,
  clearAccessToken,
  isTokenFresh,
  RENEW_BEFORE_MS,
  readAccessToken,
  storeAccessToken,
  tokenClaims,
} from './token-store'

// `GET /api/jwt` refuses when the session is gone (UNAUTHORIZED) or belongs to another e-mail (FORBIDDEN).
const SESSION_GONE: ReadonlySet<ApiErrorCode> = new Set(['UNAUTHORIZED', 'FORBIDDEN'])

/** The account whose token this tab keeps fresh; null when signed out. */
let signedInEmail: string | null = null
const sessionEndedListeners = new Set<() => void>()

export const currentEmail = (): string | null => signedInEmail

export function forgetSession(): void {
  signedInEmail = null
  clearAccessToken()
}

/** Stores a token the server gave `email` with another answer (the restored session). */
export function adoptToken(email: string, token: string): void {
  storeAccessToken(token)
  signedInEmail = email
}

/** Called when the server no longer knows our session (logged out elsewhere, reset, expired). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener)
  return () => sessionEndedListeners.delete(listener)
}

/**
 * `GET /api/jwt?email=`: spends the session cookie for a new 300 s token and stores it. Only
 * inside `withSessionLock`. Resolves to null when the session is gone.
 */
async function fetchAccessToken(email: string): Promise<string | null> {
  try {
    const { token } = await fetchJson<TokenReply>(`/api/jwt?email=${encodeURIComponent(email)}`)
    adoptToken(email, token)
    return token
  } catch (error) {
    if (!(error instanceof ApiError) || !SESSION_GONE.has(error.code)) throw error
    forgetSession()
    for (const listener of sessionEndedListeners) listener()
    return null
  }
}

/**
 * A token to replace `staleToken` (the one that was refused or is about to expire). Another tab
 * may have renewed it already: then its token is taken as it is, and the cookie is not spent.
 */
export function renewAccessToken(staleToken: string | null): Promise<string | null> {
  return withSessionLock(async () => {
    const email = signedInEmail
    if (!email) return null
    const current = readAccessToken()
    if (current !== staleToken && isTokenFresh(current, email, RENEW_BEFORE_MS)) return current
    return fetchAccessToken(email)
  })
}

/**
 * Keeps the token renewed about a minute before it expires while signed in, also
 * after another tab renewed or replaced it. Returns the function that stops it.
 */
export function keepTokenFresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    clearTimeout(timer)
    const token = readAccessToken()
    const claims = token ? tokenClaims(token) : null
    if (!claims) return
    const delay = Math.max(0, claims.expiresAt - RENEW_BEFORE_MS - Date.now())
    timer = setTimeout(() => {
      renewAccessToken(token).then(schedule, (error: unknown) => {
        // Offline or a busy server: try again shortly; a bearer call's 401 also renews.
        console.error('Could not renew the access token', error)
        timer = setTimeout(schedule, 15_000)
      })
    }, delay)
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESS_TOKEN_KEY) schedule()
  }
  schedule()
  window.addEventListener('storage', onStorage)
  return () => {
    clearTimeout(timer)
    window.removeEventListener('storage', onStorage)
  }
}
