import type { AuthUser, LoginBody, RegisterBody } from '@shared/accounts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react'
import { AuthContext, type AuthContextValue } from './auth-context'
import {
  restoreSession,
  signIn,
  signInWithLink,
  signOut,
  signUp,
  takeSessionRestore,
  updateProfile,
} from './session'
import { forgetSession, keepTokenFresh, onSessionEnded } from './token-renewal'
import { ACCESS_TOKEN_KEY, readAccessToken, sessionMayExist, tokenClaims } from './token-store'

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [user, setUser] = useState<AuthUser | null>(null)
  // Restoring until the first effect has looked: the server renders every page that way (it cannot
  // know the visitor), and hydration must start from what it rendered (decision 0043).
  const [restoring, setRestoring] = useState(true)
  const [busy, setBusy] = useState(false)

  // What is restored is set in a transition: a server-rendered page whose code is still loading
  // keeps its HTML until it is hydrated, where an urgent update would swap it for the loader.
  const restore = useCallback(async (lookUp: () => Promise<AuthUser | null> = restoreSession) => {
    if (!sessionMayExist()) return startTransition(() => setRestoring(false))
    setRestoring(true)
    let restored: AuthUser | null = null
    try {
      restored = await lookUp()
    } catch (error) {
      console.error('Could not restore the session', error)
    }
    startTransition(() => {
      setUser(restored)
      setRestoring(false)
    })
  }, [])

  useEffect(() => {
    void restore(takeSessionRestore)
  }, [restore])

  useEffect(() => onSessionEnded(() => setUser(null)), [])

  useEffect(() => (user ? keepTokenFresh() : undefined), [user])

  // Follow the other tabs: a token for someone else means they signed in, none that they signed out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return
      const token = readAccessToken()
      const email = token ? (tokenClaims(token)?.email ?? null) : null
      if (email === (user?.email ?? null)) return
      if (email) {
        void restore()
      } else {
        forgetSession()
        setUser(null)
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [user, restore])

  const withLoading = useCallback(async <T,>(task: () => Promise<T>): Promise<T> => {
    setBusy(true)
    try {
      return await task()
    } finally {
      setBusy(false)
    }
  }, [])

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading: restoring || busy,
      restoring,
      register: (body: RegisterBody) =>
        withLoading(async () => {
          const signedUp = await signUp(body)
          setUser(signedUp)
          return signedUp
        }),
      login: (body: LoginBody) =>
        withLoading(async () => {
          const signedIn = await signIn(body)
          setUser(signedIn)
          return signedIn
        }),
      loginWithLink: (token: string) =>
        withLoading(async () => {
          const signedIn = await signInWithLink({ token })
          setUser(signedIn)
          return signedIn
        }),
      logout: () =>
        withLoading(async () => {
          await signOut().catch((error: unknown) => console.error('Logout failed', error))
          setUser(null)
          // The next person on this browser must not see this user's cached answers.
          queryClient.clear()
        }),
      updateProfile: async (displayName: string) => {
        const updated = await updateProfile(displayName)
        setUser(updated)
        return updated
      },
    }),
    [user, restoring, busy, withLoading, queryClient],
  )

  return <AuthContext value={value}>{children}</AuthContext>
}
