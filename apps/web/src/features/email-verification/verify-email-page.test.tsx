// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { VerifyEmailPage } from './verify-email-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const INVALID = 'This verification link is invalid or has expired. Please ask for a new one.'

function ShowAddress() {
  const location = useLocation()
  return <output aria-label="address">{location.pathname + location.search}</output>
}

/** The page as the mailed link opens it, in StrictMode (effects run twice there in development). */
function openLink(url: string, reply: { status: number; body: unknown }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(reply.body), { status: reply.status }))
  vi.stubGlobal('fetch', fetch)
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/verify-email"
            element={
              <>
                <VerifyEmailPage />
                <ShowAddress />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  )
  return fetch
}

test('the link is sent once; success says so and leads to the dashboard', async () => {
  const fetch = openLink('/verify-email?token=abc123', {
    status: 200,
    body: { message: 'Your e-mail address is verified.' },
  })
  expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy()
  expect(fetch).toHaveBeenCalledTimes(1)
  expect(fetch).toHaveBeenCalledWith(
    '/api/auth/verify-email',
    expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'abc123' }) }),
  )
  expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard')
  // The secret leaves the address bar.
  expect(screen.getByLabelText('address').textContent).toBe('/verify-email')
})

test("a refused link shows the server's message and where to ask for a new one", async () => {
  openLink('/verify-email?token=used', {
    status: 400,
    body: { code: 'VERIFY_LINK_INVALID', message: INVALID },
  })
  expect((await screen.findByRole('alert')).textContent).toBe(INVALID)
  expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
    '/dashboard/account',
  )
})

test('without a token nothing is sent', async () => {
  const fetch = openLink('/verify-email', { status: 200, body: {} })
  expect((await screen.findByRole('alert')).textContent).toBe(INVALID)
  expect(fetch).not.toHaveBeenCalled()
})
