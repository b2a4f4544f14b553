import { currentEmail } from './token-renewal'
import { isTokenFresh, RENEW_BEFORE_MS, readAccessToken, tokenClaims } from './token-store'

/**
 * The account a route loader may fetch for ahead of its page, or null. Once the session is known
 * that is its account. While a page load restores the session, only a stored token that is still
 * fresh counts: the call sends it as it is. Without one (signed out, or back after the token
 * lapsed) nothing is asked, and the page asks once the session is restored, as it always did.
 */
export function prefetchableEmail(): string | null {
  const signedIn = currentEmail()
  if (signedIn) return signedIn
  const token = readAccessToken()
  const email = token ? (tokenClaims(token)?.email ?? null) : null
  return email && isTokenFresh(token, email, RENEW_BEFORE_MS) ? email : null
}

/**
 * A route loader that starts the signed-in user's queries as the navigation starts, alongside the
 * page's code rather than after it renders. It does not wait for them: the page shows its own
 * spinner and error meanwhile, exactly as without a loader, and a failed prefetch is asked again
 * by the page (TanStack Query's prefetch never throws).
 */
export function signedInLoader(prefetch: (email: string) => void): () => null {
  return () => {
    const email = prefetchableEmail()
    if (email) prefetch(email)
    return null
  }
}
