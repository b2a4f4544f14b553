import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { AuthContext, type AuthContextValue } from '../lib/auth/auth-context'

export interface RenderPageOptions {
  /** The address the page is shown at ('/login/device?token=abc'), or with its router state. */
  at?: string | { pathname: string; search?: string; state?: unknown }
  /** Pages the page may go to, by path: each shows its element. */
  otherPages?: Record<string, ReactNode>
  /** The signed-in state the page reads; none: no AuthContext around it. */
  auth?: Partial<AuthContextValue>
}

/**
 * A page as the app shows it, for component tests: a fresh query cache that never retries (a
 * refused call fails the test at once), a memory router and, when given, the auth state.
 */
export function renderPage(page: ReactNode, { at = '/', otherPages = {}, auth }: RenderPageOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const pathname = typeof at === 'string' ? new URL(at, 'http://localhost').pathname : at.pathname
  const routed = (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path={pathname} element={page} />
        {Object.entries(otherPages).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>
  )
  return render(
    <QueryClientProvider client={queryClient}>
      {auth ? <AuthContext.Provider value={auth as AuthContextValue}>{routed}</AuthContext.Provider> : routed}
    </QueryClientProvider>,
  )
}
