import type { AuthUser, LoginBody, RegisterBody } from '@shared/accounts'
import { createContext, useContext } from 'react'

/** Spec section 3: the auth context offers the user, a loading flag, register, profile update, login, logout. */
export interface AuthContextValue {
  user: AuthUser | null
  /** True while the session is being restored, and during register, login and logout (spec section 4). */
  loading: boolean
  /** True only while a session from an earlier visit is being restored (the navigation bar waits). */
  restoring: boolean
  register: (body: RegisterBody) => Promise<AuthUser>
  updateProfile: (displayName: string) => Promise<AuthUser>
  login: (body: LoginBody) => Promise<AuthUser>
  /** Signs in with the token of a mailed sign-in link (decision 0020). */
  loginWithLink: (token: string) => Promise<AuthUser>
  /** Never rejects: a failed logout is logged only (spec section 8), and the token is forgotten anyway. */
  logout: () => Promise<void>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}
