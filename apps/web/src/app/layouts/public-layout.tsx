import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { NavBar } from '../../components/nav-bar'
import { PageLoader } from '../../components/page-loader'
import { SiteFooter } from '../../components/site-footer'
import { useAuth } from '../../lib/auth/auth-context'

/**
 * The pages are lazy components (app/routes.tsx): while the first one's code loads, the loader shows
 * in its place, or the server's HTML stays until hydration reaches it. The header is hydrated and
 * mounted either way, so a menu opened during that wait stays open when the page arrives.
 */
export function PublicLayout() {
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
        <Suspense
          fallback={
            // A full screen while the first page loads keeps the footer below the fold, so it does
            // not visibly jump down when the page arrives (a layout shift Lighthouse counts).
            <div className="min-h-screen">
              <PageLoader />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  )
}
