/** The signed-in user as the spec's auth provider reports it (section 3). */
export type CurrentUser = {
  uid: string
  displayName: string
  email: string
}

/*
 * Placeholders: the accounts feature replaces these with its auth context
 * (session, loading flag, admin lookup, logout). Until then everyone is signed out.
 */
export function useCurrentUser(): CurrentUser | null {
  return null
}

export function useIsAdmin(): boolean {
  return false
}

export function useLogout(): () => void {
  return () => {}
}
