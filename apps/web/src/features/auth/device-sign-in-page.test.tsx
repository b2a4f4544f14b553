// @vitest-environment jsdom
import { SIGN_IN_LINK_INVALID_MESSAGE } from '@shared/accounts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { AuthContext, type AuthContextValue } from '../../lib/auth/auth-context'
import { ApiError } from '../../lib/http'
import { DeviceSignInPage } from './device-sign-in-page'

afterEach(cleanup)

function ShowLocation() {
  const location = useLocation()
  return <output>{location.pathname}</output>
}

function renderPage(loginWithLink: (token: string) => Promise<unknown>, url = '/login/device?token=abc') {
  const auth = { user: null, loading: false, loginWithLink } as unknown as AuthContextValue
  render(
    <AuthContext value={auth}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login/device" element={<DeviceSignInPage />} />
          <Route path="*" element={<ShowLocation />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  )
}

test('the link is spent by the click, not on load, and the visitor lands on Home signed in', async () => {
  const loginWithLink = vi.fn(async () => ({}))
  renderPage(loginWithLink)
  expect(loginWithLink).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect(await screen.findByRole('status')).toHaveProperty('textContent', '/')
  expect(loginWithLink).toHaveBeenCalledWith('abc')
})

test("a spent or expired link shows the server's message and the way back to log in", async () => {
  renderPage(() => Promise.reject(new ApiError(400, 'SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID_MESSAGE)))
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
  expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_LINK_INVALID_MESSAGE)
  expect(screen.getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login')
})

test('without a token the page says the link is invalid', () => {
  renderPage(vi.fn(), '/login/device')
  expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_LINK_INVALID_MESSAGE)
})
