/** Spec section 3: the access token is kept in local storage under this key. */
export const ACCESS_TOKEN_KEY = 'userAccessToken'
/** Set just before leaving for Google, so the page we come back to asks for the new session. */
const GOOGLE_PENDING_KEY = 'portal.googleSignInPending'

/** Renew this long before the 300 s token expires (spec section 9: the provider refreshed early too). */
export const RENEW_BEFORE_MS = 60_000

// Storage can be unavailable (privacy modes); the session then lasts as long as the page.
function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export const readAccessToken = (): string | null => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null

export function storeAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token)
}

export function clearAccessToken(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY)
}

export function markGoogleSignInPending(): void {
  storage()?.setItem(GOOGLE_PENDING_KEY, '1')
}

/**
 * Whether this browser may hold a session: it has a token, or has just come back from Google.
 * Without either there is no session cookie worth spending, so signed-out visitors cost no
 * request and see no 401 in the console.
 */
export function sessionMayExist(): boolean {
  const store = storage()
  return Boolean(store?.getItem(ACCESS_TOKEN_KEY) || store?.getItem(GOOGLE_PENDING_KEY))
}

export function forgetGoogleSignInPending(): void {
  storage()?.removeItem(GOOGLE_PENDING_KEY)
}

export interface TokenClaims {
  email: string
  /** Milliseconds since the epoch. */
  expiresAt: number
}

/**
 * Reads the e-mail and expiry of our JWT to schedule its renewal. Only the server verifies the
 * signature; nothing here is trusted beyond deciding when to ask for a new token.
 */
export function tokenClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1] ?? ''
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
    const claims: unknown = JSON.parse(json)
    if (typeof claims !== 'object' || claims === null) return null
    const { email, exp } = claims as { email?: unknown; exp?: unknown }
    if (typeof email !== 'string' || typeof exp !== 'number') return null
    return { email, expiresAt: exp * 1000 }
  } catch {
    return null
  }
}

/** True when the token belongs to `email` and has more than `marginMs` left. */
export function isTokenFresh(token: string | null, email: string | null, marginMs: number): boolean {
  const claims = token ? tokenClaims(token) : null
  return Boolean(claims && email && claims.email === email && claims.expiresAt - Date.now() > marginMs)
}
