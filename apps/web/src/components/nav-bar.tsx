import type { AuthUser } from '@shared/accounts'
import { Menu, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { CLINIC_NAME } from '../content/clinic'
import { ToothLogo } from './tooth-logo'

type NavBarProps = {
  user: AuthUser | null
  /** While an earlier session is being restored, neither Login nor the user shows, so nothing flips. */
  loading?: boolean
  onLogout: () => void
}

// Spec section 2: the public links, then Login or Dashboard depending on the session.
const publicLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About US' },
  { to: '/appointment', label: 'Appointment' },
  { to: '/contact', label: 'Contact Us' },
]

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-medium transition-colors hover:bg-base-200 hover:text-primary ${
    isActive ? 'text-primary' : 'text-base-content'
  }`

export function NavBar({ user, loading = false, onLogout }: NavBarProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6 lg:px-8"
      >
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-lg text-xl font-bold" onClick={close}>
          <ToothLogo />
          <span>{CLINIC_NAME}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-square lg:hidden"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <ul
          id={menuId}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 lg:flex lg:w-auto lg:flex-row lg:items-center lg:pb-0`}
        >
          {publicLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass} onClick={close}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {user ? (
            <>
              <li>
                <NavLink to="/dashboard" className={linkClass} onClick={close}>
                  Dashboard
                </NavLink>
              </li>
              <li className="px-3 py-2 text-sm font-semibold tracking-wide text-secondary">
                {user.displayName.toUpperCase()}
              </li>
              <li>
                <button
                  type="button"
                  className="btn btn-outline btn-primary btn-sm"
                  onClick={() => {
                    close()
                    onLogout()
                  }}
                >
                  Logout
                </button>
              </li>
            </>
          ) : loading ? (
            // The Login button's own box, unseen, while the session is looked up: the same size
            // whatever the font, so the links do not move when it shows.
            <li aria-hidden="true" className="invisible mt-1 lg:mt-0 lg:ml-2">
              <span className="btn btn-primary w-full lg:w-auto">Login</span>
            </li>
          ) : (
            <li className="mt-1 lg:mt-0 lg:ml-2">
              <NavLink to="/login" className="btn btn-primary w-full lg:w-auto" onClick={close}>
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  )
}
