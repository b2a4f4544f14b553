// @vitest-environment jsdom
import { SIGN_IN_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import type { AuthContextValue } from '../../lib/auth/auth-context'
import { ApiError } from '../../lib/http'
import { renderPage } from '../../testing/render-page'
import { DeviceSignInPage } from './device-sign-in-page'

afterEach(cleanup)

function ShowLocation() {
  const location = useLocation()
  return <output>{location.pathname}</output>
}

function showPage(loginWithLink: (token: string) => Promise<unknown>, url = '/login/device?token=abc') {
  renderPage(<DeviceSignInPage />, {
    at: url,
    otherPages: { '*': <ShowLocation /> },
    auth: { user: null, loading: false, loginWithLink } as Partial<AuthContextValue>,
  })
}

test('the link is spent by the click, not on load, and the visitor lands on Home signed in', async () => {
  const loginWithLink = vi.fn(async () => ({}))
  showPage(loginWithLink)
  expect(loginWithLink).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('status')).toHaveProperty('textContent', '/')
  expect(loginWithLink).toHaveBeenCalledWith('abc')
})

test("a spent or expired link shows the server's message and the way back to log in", async () => {
  showPage(() => Promise.reject(new ApiError(400, 'SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID_MESSAGE)))
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_LINK_INVALID_MESSAGE)
  expect(screen.getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login')
})

test('without a token the page says the link is invalid', () => {
  showPage(vi.fn(), '/login/device')
  expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_LINK_INVALID_MESSAGE)
})
