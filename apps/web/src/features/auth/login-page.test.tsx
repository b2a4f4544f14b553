// @vitest-environment jsdom
import type { AuthUser, LoginBody } from '@shared/accounts'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AuthContextValue } from '../../lib/auth/auth-context'
import { ApiError } from '../../lib/http'
import { renderPage } from '../../testing/render-page'
import { LoginPage } from './login-page'

afterEach(cleanup)
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ google: false })))
  return () => vi.unstubAllGlobals()
})

const user: AuthUser = {
  uid: 'u1',
  displayName: 'Pat Patient',
  email: 'pat@example.test',
  emailVerified: true,
}

function ShowLocation() {
  const location = useLocation()
  return <output>{JSON.stringify({ path: location.pathname, state: location.state })}</output>
}

function renderLogin(login: (body: LoginBody) => Promise<AuthUser>, state: unknown = null) {
  renderPage(<LoginPage />, {
    at: { pathname: '/login', state },
    otherPages: { '*': <ShowLocation /> },
    auth: { user: null, loading: false, login } as Partial<AuthContextValue>,
  })
}

const describedError = (label: string) => {
  const input = screen.getByLabelText(label)
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ')
}

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'log in' }))
}

test('an empty e-mail is required, and the password has no rule', async () => {
  const login = vi.fn()
  renderLogin(login)
  submit('', '')
  await screen.findByText('Email is Required')
  expect(describedError('Password')).toBe('')
  expect(login).not.toHaveBeenCalled()
})

test("a refused login shows the server's message under the password field", async () => {
  renderLogin(() => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'Wrong e-mail or password.')))
  submit('pat@example.test', 'nope')
  await waitFor(() => expect(describedError('Password')).toBe('Wrong e-mail or password.'))
})

test('when the account asks new devices to finish by mail, the page says so instead of a field error', async () => {
  const message =
    'Too many sign-in attempts … we have sent it a link that signs you in: please check your e-mail.'
  renderLogin(() => Promise.reject(new ApiError(429, 'SIGN_IN_LINK_SENT', message)))
  submit('pat@example.test', 'Str0ng!pass')
  expect((await screen.findByRole('status')).textContent).toBe(message)
  expect(describedError('Password')).toBe('')
})

test('after login the visitor goes back to the remembered page with its pending booking', async () => {
  const login = vi.fn(async () => user)
  const booking = { treatmentName: 'Teeth Cleaning', slot: '08:00 AM' }
  renderLogin(login, { from: { pathname: '/appointment', search: '?date=2030-01-07' }, booking })
  submit(' Pat@Example.test ', 'Str0ng!pass')
  const shown = JSON.parse((await screen.findByRole('status')).textContent ?? '')
  expect(shown).toEqual({ path: '/appointment', state: { booking } })
  expect(login).toHaveBeenCalledWith({ email: 'pat@example.test', password: 'Str0ng!pass' })
})

test('without a remembered page, login leads to /', async () => {
  renderLogin(async () => user)
  submit('pat@example.test', 'Str0ng!pass')
  expect(JSON.parse((await screen.findByRole('status')).textContent ?? '').path).toBe('/')
})
