import { CalendarCheck, Stethoscope, UserPlus, Users } from 'lucide-react'
import { Navigate, NavLink, Outlet, useLocation } from 'react-router'
import { NavBar } from '../../components/nav-bar'
import { useCurrentUser, useIsAdmin, useLogout } from '../../lib/current-user'

const menu = [
  { to: '/dashboard', label: 'My Appointment', icon: CalendarCheck, adminOnly: false },
  { to: '/dashboard/users', label: 'All Users', icon: Users, adminOnly: true },
  { to: '/dashboard/addadoctor', label: 'Add A Doctor', icon: UserPlus, adminOnly: true },
  { to: '/dashboard/managedoctors', label: 'Manage Doctors', icon: Stethoscope, adminOnly: true },
]

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 font-medium ${
    isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-300'
  }`

/** Spec section 2: signed-in users only; others go to /login, remembering where they came from. */
export function DashboardLayout() {
  const user = useCurrentUser()
  const isAdmin = useIsAdmin()
  const logout = useLogout()
  const location = useLocation()

  if (!user) return <Navigate to="/login" replace state={{ from: location }} />

  return (
    <div className="flex min-h-screen flex-col">
      <NavBar user={user} onLogout={logout} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:px-8">
        <aside className="lg:w-64 lg:shrink-0">
          <nav aria-label="Dashboard" className="rounded-box bg-base-200 p-2">
            <ul className="flex gap-1 overflow-x-auto lg:flex-col">
              {menu
                .filter((item) => isAdmin || !item.adminOnly)
                .map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink to={to} end className={menuLinkClass}>
                      <Icon className="size-5" aria-hidden="true" />
                      {label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        </aside>
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
