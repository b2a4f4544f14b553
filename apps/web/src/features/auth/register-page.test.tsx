// @vitest-environment jsdom
import type { AuthUser, RegisterBody } from '@shared/accounts'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AuthContextValue } from '../../lib/auth/auth-context'
import { renderPage } from '../../testing/render-page'
import { RegisterPage, welcomeMessage } from './register-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

afterEach(cleanup)
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ google: false })))
  return () => vi.unstubAllGlobals()
})

test('a new patient is welcomed home and told that the verification mail is on its way', async () => {
  const register = vi.fn(
    async (body: RegisterBody): Promise<AuthUser> => ({
      uid: 'u1',
      displayName: body.name,
      email: body.email,
      emailVerified: false,
    }),
  )
  renderPage(<RegisterPage />, {
    at: '/register',
    otherPages: { '/': <p>Home</p> },
    auth: { user: null, loading: false, register } as Partial<AuthContextValue>,
  })
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Pat Patient' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.test' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tooth-Brush-2026!' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
  await screen.findByText('Home')
  expect(toast.success).toHaveBeenCalledWith(welcomeMessage('Pat Patient', 'pat@example.test'))
  expect(welcomeMessage('Pat Patient', 'pat@example.test')).toMatch(
    /^Welcome .*Pat Patient.*pat@example\.test/,
  )
})
