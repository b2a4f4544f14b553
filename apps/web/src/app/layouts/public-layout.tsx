import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { NavBar } from '../../components/nav-bar'
import { PageLoader } from '../../components/page-loader'
import { SiteFooter } from '../../components/site-footer'
import { useAuth } from '../../lib/auth/auth-context'

function PublicShell({ children }: { children: ReactNode }) {
  const { user, restoring, logout } = useAuth()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-content"
      >
        Skip to content
      </a>
      <NavBar user={user} loading={restoring} onLogout={logout} />
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
