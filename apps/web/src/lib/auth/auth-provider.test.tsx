// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { use } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { jsonResponse, unsignedToken } from '../../testing/fake-server'
import { AuthContext } from './auth-context'
import { AuthProvider } from './auth-provider'
import { restoreSessionAtLoad } from './session'
import { forgetSession } from './token-renewal'

const patient = { uid: 'u1', displayName: 'Pat Lee', email: 'pat@example.test', emailVerified: true }
const restored = () => jsonResponse(200, { user: patient, token: unsignedToken({ email: patient.email }) })

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  localStorage.setItem('userAccessToken', unsignedToken({ email: patient.email }))
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  forgetSession()
  localStorage.clear()
})

function WhoIsSignedIn() {
  const { user, restoring } = use(AuthContext) ?? {}
  if (restoring) return <p>restoring</p>
  return <p>{user ? `signed in as ${user.displayName}` : 'signed out'}</p>
}

function renderApp() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <WhoIsSignedIn />
      </AuthProvider>
    </QueryClientProvider>,
  )
}

const sessionCalls = () => fetchMock.mock.calls.filter(([path]) => path === '/api/auth/session').length

test('the provider takes the session restore started at load instead of asking again', async () => {
  fetchMock.mockImplementation(async () => restored())
  restoreSessionAtLoad()
  await vi.waitFor(() => expect(sessionCalls()).toBe(1))

  renderApp()

  expect(await screen.findByText('signed in as Pat Lee')).toBeTruthy()
  expect(sessionCalls()).toBe(1)
})

test('a restore started at load that fails leaves the visitor signed out, reported once', async () => {
  const report = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  fetchMock.mockRejectedValue(new TypeError('offline'))
  restoreSessionAtLoad()

  renderApp()

  expect(await screen.findByText('signed out')).toBeTruthy()
  expect(sessionCalls()).toBe(1)
  expect(report).toHaveBeenCalledWith('Could not restore the session', expect.anything())
  report.mockRestore()
})

test('without a restore started at load the provider asks for the session itself', async () => {
  fetchMock.mockImplementation(async () => restored())

  renderApp()

  expect(await screen.findByText('signed in as Pat Lee')).toBeTruthy()
  expect(sessionCalls()).toBe(1)
})

test('a returning patient whose token has expired is restored in one request, which brings a new token', async () => {
  localStorage.setItem('userAccessToken', unsignedToken({ email: patient.email }, -60))
  const token = unsignedToken({ email: patient.email, fresh: true })
  fetchMock.mockImplementation(async () => jsonResponse(200, { user: patient, token }))

  renderApp()

  expect(await screen.findByText('signed in as Pat Lee')).toBeTruthy()
  // Before decision 0053 the restore asked /api/jwt next, a second round trip before the page.
  expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/session'])
  expect(localStorage.getItem('userAccessToken')).toBe(token)
})
