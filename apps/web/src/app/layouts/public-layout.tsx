import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { NavBar } from '../../components/nav-bar'
import { PageLoader } from '../../components/page-loader'
import { SiteFooter } from '../../components/site-footer'
import { useCurrentUser, useLogout } from '../../lib/current-user'

function PublicShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser()
  const logout = useLogout()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <NavBar user={user} onLogout={logout} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}

/** Shown while the first page's lazy chunk loads, so the header and footer paint at once. */
export function PublicLayoutFallback() {
  return (
    <PublicShell>
      <PageLoader />
    </PublicShell>
  )
}
