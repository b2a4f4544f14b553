import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { nextAddress, signUp } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'

const PUBLIC_URL = 'https://portal.clinic.test'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: 'portal',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_ISSUER: 'http://127.0.0.1:9/',
  })
})
afterAll(() => app.close())

const send = (method: 'GET' | 'POST', url: string, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { cookie, ...headers }, remoteAddress: nextAddress() })

/** The session cookie still restores the session: nothing was spent, rotated or revoked. */
async function expectSessionUnchanged(cookie: string) {
  expect((await send('GET', '/api/auth/session', cookie)).statusCode).toBe(200)
}

const cookieEndpoints = [
  { name: 'POST /api/auth/logout', method: 'POST' as const, url: () => '/api/auth/logout', ok: 204 },
  { name: 'GET /api/auth/session', method: 'GET' as const, url: () => '/api/auth/session', ok: 200 },
  {
    name: 'GET /api/jwt',
    method: 'GET' as const,
    url: (email: string) => `/api/jwt?email=${encodeURIComponent(email)}`,
    ok: 200,
  },
]

type Case = { label: string; headers: Record<string, string> }

const crossSite: Case[] = [
  { label: 'a foreign Origin', headers: { origin: 'https://evil.example' } },
  { label: 'Origin null (a sandboxed frame)', headers: { origin: 'null' } },
  { label: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  {
    label: 'a cross-site top-level navigation',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
  },
  {
    label: 'same-site with a foreign Origin (a sibling subdomain)',
    headers: { 'sec-fetch-site': 'same-site', origin: 'https://blog.clinic.test' },
  },
]

const sameSite: Case[] = [
  { label: 'no Origin or Fetch Metadata (curl, tests)', headers: {} },
  {
    label: 'same-origin with our Origin',
    headers: { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
  },
  { label: 'same-site without Origin', headers: { 'sec-fetch-site': 'same-site' } },
  {
    label: 'Origin of the Host it was sent to',
    headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
  },
  {
    label: 'same-origin through the dev proxy (Vite on 5173 rewrites Host)',
    headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173', host: '127.0.0.1:3000' },
  },
]

describe.each(cookieEndpoints)('$name', ({ method, url, ok }) => {
  test.each(crossSite)('refuses $label with 403, and nothing changes', async ({ headers }) => {
    const account = await signUp(app)
    const res = await send(method, url(account.email), account.cookie, headers)
    expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(res.cookies).toEqual([])
    await expectSessionUnchanged(account.cookie)
  })

  test.each(sameSite)('serves $label', async ({ headers }) => {
    const account = await signUp(app)
    expect((await send(method, url(account.email), account.cookie, headers)).statusCode).toBe(ok)
  })
})

describe('GET /api/auth/google/callback', () => {
  const callback = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y', headers })

  test('the return from Google, a cross-site top-level navigation, is served', async () => {
    const res = await callback({
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    })
    // No pending sign-in cookie here, so it ends on the login page; what matters is it got there.
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/login?error=google')
  })

  test.each<Record<string, string>>([
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
    { origin: 'https://evil.example' },
  ])('a cross-site request that is not a top-level navigation is refused: %o', async (headers) => {
    const res = await callback(headers)
    expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
  })
})
