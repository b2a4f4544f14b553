// @vitest-environment jsdom
import { APP_ROUTES } from '@shared/app-routes'
import type { Query, QueryClient } from '@tanstack/react-query'
import { createMemoryRouter, type RouteObject } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { forgetSession } from '../lib/auth/token-renewal'
import { createQueryClient } from '../lib/query-client'
import { jsonResponse, unsignedToken } from '../testing/fake-server'
import { createRoutes } from './routes'

const email = 'pat@example.test'

const token = (secondsLeft: number) => unsignedToken({ email }, secondsLeft)

const isAdminCall = `/api/users/admin/${encodeURIComponent(email)}`

let requested: string[]
/** What the stubbed API answers: `{}` to everything unless the test says otherwise. */
let answer: (url: string) => Response

beforeEach(() => {
  requested = []
  answer = () => jsonResponse(200, {})
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url)
      return answer(url)
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  forgetSession()
  localStorage.clear()
})

/**
 * Navigates without rendering anything: only the routes' loaders can ask for data. Answers the
 * route errors the error screen would show, once every call the loaders started, and every call
 * those started in turn, is answered.
 */
async function open(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] })
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
  const { errors } = router.state
  router.dispose()
  return errors
}

test("the dashboard's data is asked for by its routes, before any page renders", async () => {
  localStorage.setItem('userAccessToken', token(300))
  await open('/dashboard')
  expect(requested.sort()).toEqual([
    `/api/bookings?email=${encodeURIComponent(email)}`,
    '/api/me/waitlist',
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

/** The staleTime a query was fetched with, which the page showing it uses too. */
const staleTimeOf = (query: Query) => ('staleTime' in query.options ? Number(query.options.staleTime) : 0)

/** Each admin page, and the call its route starts for it. */
const adminPages: Record<string, string> = {
  '/dashboard/users': '/api/users',
  '/dashboard/managedoctors': '/api/doctors',
  '/dashboard/addadoctor': '/api/appointmentSpecialty',
  '/dashboard/treatments': '/api/schedule',
  '/dashboard/agenda': '/api/agenda',
  '/dashboard/agenda?date=2026-03-02': '/api/agenda?date=2026-03-02',
  '/dashboard/audit?actor=boss%40clinic.test&action=role_changed':
    '/api/audit?actor=boss%40clinic.test&action=role_changed',
}

test("an admin page's data is asked for by its route, and is fresh when the page shows it", async () => {
  localStorage.setItem('userAccessToken', token(300))
  answer = (url) => jsonResponse(200, url === isAdminCall ? { isAdmin: true } : {})
  for (const [page, call] of Object.entries(adminPages)) {
    requested = []
    const queryClient = createQueryClient()
    await open(page, queryClient)
    expect(requested, page).toContain(call)
    // A page mounting now would ask again for stale data (the agenda and the log are otherwise
    // asked for each time they are shown).
    const stale = queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => query.isStaleByTime(staleTimeOf(query)))
    expect(
      stale.map((query) => query.queryHash),
      page,
    ).toEqual([])
  }
})

test("a non-admin's admin page costs no call for its data; the guard, not the error screen, answers", async () => {
  localStorage.setItem('userAccessToken', token(300))
  answer = (url) => jsonResponse(200, url === isAdminCall ? { isAdmin: false } : {})
  for (const page of Object.keys(adminPages)) {
    requested = []
    expect(await open(page), page).toBeNull()
    expect(requested.sort(), page).toEqual([`/api/bookings?email=${encodeURIComponent(email)}`, isAdminCall])
  }
})

test('a refused admin check or prefetch never shows the error screen: the guard and the page handle it', async () => {
  localStorage.setItem('userAccessToken', token(300))
  const forbidden = () => jsonResponse(403, { code: 'FORBIDDEN', message: 'Admins only.' })
  answer = (url) => (url === isAdminCall ? jsonResponse(200, { isAdmin: true }) : forbidden())
  for (const [page, call] of Object.entries(adminPages)) {
    requested = []
    expect(await open(page), page).toBeNull()
    expect(requested, page).toContain(call)
  }
  answer = (url) =>
    url === isAdminCall
      ? jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Sign in.' })
      : jsonResponse(200, {})
  for (const page of Object.keys(adminPages)) expect(await open(page), page).toBeNull()
})

/** The full paths the router shows a page at, its catch-all left out. */
function pagePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return []
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent
    const own = route.index || (route.path && !route.children) ? [path || '/'] : []
    return [...own, ...pagePaths(route.children ?? [], path)]
  })
}

test('the router shows exactly the pages of the shared list, so the server 404s the rest', () => {
  const paths = pagePaths(createRoutes(createQueryClient()))
  expect([...paths].sort()).toEqual([...APP_ROUTES].sort())
})
