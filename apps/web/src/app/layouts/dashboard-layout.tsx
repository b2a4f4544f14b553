import { Navigate, Outlet, useLocation } from 'react-router'
import { NavBar } from '../../components/nav-bar'
import { PageLoader } from '../../components/page-loader'
import { useAuth } from '../../lib/auth/auth-context'
import { useIsAdmin } from '../../lib/auth/use-is-admin'
import { DashboardHeader } from './dashboard-header'
import { DashboardMenu } from './dashboard-menu'
import { VerifyEmailBanner } from './verify-email-banner'

/**
 * Spec section 2: signed-in users only; others go to /login, which remembers where they were.
 * A spinner shows while the session or the admin check is loading.
 */
export function DashboardLayout() {
  const { user, loading, logout } = useAuth()
  const admin = useIsAdmin()
  const location = useLocation()

  if (loading || admin.loading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <PageLoader />
      </div>
    )
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-content"
      >
        Skip to content
      </a>
      <NavBar user={user} onLogout={logout} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:px-8">
        <aside className="lg:w-64 lg:shrink-0">
          <DashboardMenu isAdmin={admin.isAdmin} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {/* The account page shows the same state and button in its own section. */}
          {user.emailVerified || location.pathname === '/dashboard/account' ? null : (
            <VerifyEmailBanner email={user.email} />
          )}
          <DashboardHeader />
          <Outlet />
        </main>
      </div>
    </div>
  )
}

/** Spec section 2: a non-admin reaching an admin route is sent to /login. */
export function AdminOnly() {
  const { isAdmin, loading } = useIsAdmin()
  const location = useLocation()
  if (loading) return <PageLoader />
  if (!isAdmin) return <Navigate to="/login" replace state={{ from: location }} />
  return <Outlet />
}
