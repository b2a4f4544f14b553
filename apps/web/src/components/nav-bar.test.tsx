// @vitest-environment jsdom
import type { AuthUser } from '@shared/accounts'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { NavBar } from './nav-bar'

afterEach(cleanup)

function renderNav(user: AuthUser | null, onLogout = () => {}) {
  render(
    <MemoryRouter>
      <NavBar user={user} onLogout={onLogout} />
    </MemoryRouter>,
  )
  return within(screen.getByRole('navigation', { name: 'Main' }))
}

test('signed out, the bar links Home, About US, Appointment, Contact Us and Login', () => {
  const nav = renderNav(null)
  const expected = [
    ['Home', '/'],
    ['About US', '/about'],
    ['Appointment', '/appointment'],
    ['Contact Us', '/contact'],
    ['Login', '/login'],
  ]
  for (const [name, href] of expected) {
    expect(nav.getByRole('link', { name })).toHaveProperty('pathname', href)
  }
  expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull()
  expect(nav.queryByRole('button', { name: 'Logout' })).toBeNull()
})

test('signed in, the bar shows Dashboard, the name in upper case and Logout instead of Login', () => {
  const onLogout = vi.fn()
  const nav = renderNav(
    { uid: 'u1', displayName: 'Jane Doe', email: 'jane@example.com', emailVerified: true },
    onLogout,
  )
  expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveProperty('pathname', '/dashboard')
  expect(nav.getByText('JANE DOE')).toBeTruthy()
  expect(nav.queryByRole('link', { name: 'Login' })).toBeNull()
  fireEvent.click(nav.getByRole('button', { name: 'Logout' }))
  expect(onLogout).toHaveBeenCalledOnce()
})

test('the menu button reports whether the menu is open and Escape closes it', () => {
  const nav = renderNav(null)
  const button = nav.getByRole('button', { name: 'Menu' })
  expect(button.getAttribute('aria-expanded')).toBe('false')
  fireEvent.click(button)
  expect(button.getAttribute('aria-expanded')).toBe('true')
  fireEvent.keyDown(document, { key: 'Escape' })
  expect(button.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(button)
})

test('while an earlier session is being restored, neither Login nor Logout shows', () => {
  render(
    <MemoryRouter>
      <NavBar user={null} loading onLogout={() => {}} />
    </MemoryRouter>,
  )
  const nav = within(screen.getByRole('navigation', { name: 'Main' }))
  expect(nav.queryByRole('link', { name: 'Login' })).toBeNull()
  expect(nav.queryByRole('button', { name: 'Logout' })).toBeNull()
  expect(nav.getByRole('link', { name: 'Home' })).toBeTruthy()
})
