import {
  CalendarCheck,
  ClipboardList,
  ListChecks,
  Mail,
  ScrollText,
  Star,
  Stethoscope,
  UserCog,
  UserPlus,
  Users,
} from 'lucide-react'
import { NavLink } from 'react-router'

// Spec section 2: 'My Appointment' for everyone, the next three for admins only.
const menu = [
  { to: '/dashboard', label: 'My Appointment', icon: CalendarCheck, adminOnly: false },
  { to: '/dashboard/users', label: 'All Users', icon: Users, adminOnly: true },
  { to: '/dashboard/addadoctor', label: 'Add A Doctor', icon: UserPlus, adminOnly: true },
  { to: '/dashboard/managedoctors', label: 'Manage Doctors', icon: Stethoscope, adminOnly: true },
  // Beyond the spec (decisions 0019, 0029, 0032): treatments and schedule, the day's agenda, contact
  // messages, patients' reviews, the audit log.
  { to: '/dashboard/treatments', label: 'Treatments', icon: ListChecks, adminOnly: true },
  { to: '/dashboard/agenda', label: 'Agenda', icon: ClipboardList, adminOnly: true },
  { to: '/dashboard/messages', label: 'Messages', icon: Mail, adminOnly: true },
  { to: '/dashboard/reviews', label: 'Reviews', icon: Star, adminOnly: true },
  { to: '/dashboard/audit', label: 'Audit Log', icon: ScrollText, adminOnly: true },
  // Everyone's own settings.
  { to: '/dashboard/account', label: 'Account', icon: UserCog, adminOnly: false },
]

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 font-medium ${
    isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-300'
  }`

export function DashboardMenu({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Dashboard" className="rounded-box bg-base-200 p-2">
      <ul className="flex flex-wrap gap-1 lg:flex-col">
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
  )
}
