// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { forgetSession } from '../lib/auth/token-renewal'
import { createRoutes } from './routes'

const email = 'pat@example.test'

/** An unsigned JWT-shaped token: the browser only reads its claims, the server checks it. */
function token(secondsLeft: number): string {
  const claims = { email, exp: Math.floor(Date.now() / 1000) + secondsLeft }
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`
}

let requested: string[]

beforeEach(() => {
  requested = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url)
      return new Response(JSON.stringify({}), { headers: { 'content-type': 'application/json' } })
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  forgetSession()
  localStorage.clear()
})

/** Navigates without rendering anything: only the routes' loaders can ask for data. */
async function open(path: string): Promise<void> {
  const router = createMemoryRouter(createRoutes(new QueryClient()), { initialEntries: [path] })
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  router.dispose()
}

test("the dashboard's data is asked for by its routes, before any page renders", async () => {
  localStorage.setItem('userAccessToken', token(300))
  await open('/dashboard')
  expect(requested.sort()).toEqual([
    `/api/bookings?email=${encodeURIComponent(email)}`,
    `/api/users/admin/${encodeURIComponent(email)}`,
  ])
  requested = []
  await open('/dashboard/account')
  expect(requested).toContain('/api/me/sessions')
  requested = []
  await open('/dashboard/payment/b-1')
  expect(requested).toEqual(expect.arrayContaining(['/api/booking/b-1', '/api/payments/config']))
})

test('a signed-out visitor, or one whose token has lapsed, costs no request', async () => {
  await open('/dashboard')
  await open('/dashboard/account')
  await open('/dashboard/payment/b-1')
  localStorage.setItem('userAccessToken', token(-60))
  await open('/dashboard')
  expect(requested).toEqual([])
})
