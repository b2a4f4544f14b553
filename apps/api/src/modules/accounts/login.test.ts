import { LOGIN_FAILED_MESSAGE, SIGN_IN_LINK_SENT_MESSAGE, TOO_MANY_LOGINS_MESSAGE } from '@shared/accounts'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, loginBudgets } from '../../db/schema'
import { nextAddress, signUp, uniqueEmail } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { expectWorkingTokenFor } from '../../test/sign-in-kit'
import { createTestApp } from '../../test/test-app'
import { rateLimits } from './rate-limits'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const login = (email: string, password: string, remoteAddress = nextAddress(), cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  })

test('login with the right password answers the user and sets a new session cookie', async () => {
  const account = await signUp(app, { name: 'Karim Uddin' })
  const res = await login(`  ${account.email.toUpperCase()}`, account.password)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({
    user: { uid: account.id, displayName: 'Karim Uddin', email: account.email, emailVerified: false },
    token: expect.any(String),
  })
  const cookie = res.cookies.find((c) => c.name === 'portal_session')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
  // The browser is known to the account from now on (decision 0020), for a year.
  const device = res.cookies.find((c) => c.name === 'portal_device')
  expect(device).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api/auth',
    maxAge: 365 * 24 * 60 * 60,
  })
  expect(`portal_session=${cookie?.value}`).not.toBe(account.cookie)
})

test('login brings a working bearer token, so the browser needs no /api/jwt call next (decision 0053)', async () => {
  const account = await signUp(app)
  const res = await login(account.email, account.password)
  await expectWorkingTokenFor(app, account, res.json().token)
})

test('an unknown e-mail and a wrong password get the same answer, without a cookie', async () => {
  const account = await signUp(app)
  const unknown = await login(uniqueEmail('nobody'), account.password)
  const wrong = await login(account.email, `${account.password}x`)
  for (const res of [unknown, wrong]) {
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: LOGIN_FAILED_MESSAGE })
    expect(res.cookies).toEqual([])
  }
  expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort())
})

test('the login form rules: the e-mail is required and well-formed', async () => {
  expect((await login('', 'x')).json()).toEqual({ code: 'VALIDATION', message: 'Email is Required' })
  expect((await login('nope', 'x')).json()).toEqual({
    code: 'VALIDATION',
    message: 'Please enter a valid e-mail address.',
  })
})

test('ten failures from ten addresses do not lock the owner out: the browser they registered on signs in', async () => {
  const account = await signUp(app)
  for (let attempt = 1; attempt <= 10; attempt++) {
    expect(refusal(await login(account.email, `Wrong${attempt}!`))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  }
  // A new browser now finishes by mail (parallel-guessing.test.ts); a known one at once.
  expect(refusal(await login(account.email, account.password))).toEqual({
    status: 429,
    code: 'SIGN_IN_LINK_SENT',
  })
  const owner = await login(account.email, account.password, nextAddress(), account.device)
  expect(owner.statusCode).toBe(200)
  expect(owner.cookies.map((c) => c.name)).toContain('portal_session')
})

test('ten failures from one address: that address gets 429 for this account, even with the right password', async () => {
  const account = await signUp(app)
  const guesser = nextAddress()
  for (let attempt = 1; attempt <= 10; attempt++) {
    expect(refusal(await login(account.email, `Wrong${attempt}!`, guesser))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  }
  const blocked = await login(account.email, account.password, guesser)
  expect(blocked.statusCode).toBe(429)
  expect(blocked.json()).toEqual({ code: 'TOO_MANY_LOGINS', message: TOO_MANY_LOGINS_MESSAGE })
  expect(blocked.cookies).toEqual([])
  // The owner on the browser they registered on signs in, and so does another account from the guessing address.
  expect((await login(account.email, account.password, nextAddress(), account.device)).statusCode).toBe(200)
  const other = await signUp(app)
  expect((await login(other.email, other.password, guesser)).statusCode).toBe(200)
})

test('an unknown e-mail is answered the same way, so neither rule reveals whether it exists', async () => {
  const email = uniqueEmail('nobody')
  const guesser = nextAddress()
  for (let attempt = 1; attempt <= 10; attempt++) await login(email, 'Wrong1!x', guesser)
  expect((await login(email, 'Wrong1!x', guesser)).json()).toEqual({
    code: 'TOO_MANY_LOGINS',
    message: TOO_MANY_LOGINS_MESSAGE,
  })
  expect((await login(email, 'Wrong1!x')).json()).toEqual({
    code: 'SIGN_IN_LINK_SENT',
    message: SIGN_IN_LINK_SENT_MESSAGE,
  })
})

test('failures older than 15 minutes no longer count', async () => {
  const account = await signUp(app)
  const guesser = nextAddress()
  for (let attempt = 1; attempt <= 10; attempt++) await login(account.email, 'Wrong1!x', guesser)
  const longAgo = new Date(Date.now() - 16 * 60_000)
  await app.database.db
    .update(auditLog)
    .set({ at: longAgo })
    .where(and(eq(auditLog.email, account.email), eq(auditLog.event, 'login_failed')))
  await app.database.db
    .update(loginBudgets)
    .set({ refilledAt: longAgo })
    .where(eq(loginBudgets.email, account.email))
  expect((await login(account.email, account.password, guesser)).statusCode).toBe(200)
})

test('one address is limited across accounts (credential stuffing)', async () => {
  const remoteAddress = nextAddress()
  const statuses: number[] = []
  for (let attempt = 0; attempt <= rateLimits.login.max; attempt++) {
    statuses.push((await login(uniqueEmail('stuffing'), 'Guess1!x', remoteAddress)).statusCode)
  }
  expect(statuses.slice(0, rateLimits.login.max).every((status) => status === 401)).toBe(true)
  const limited = await login(uniqueEmail('stuffing'), 'Guess1!x', remoteAddress)
  expect(refusal(limited)).toEqual({ status: 429, code: 'RATE_LIMITED' })
  expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in /)
  expect(limited.headers['retry-after']).toBeDefined()
})

test('sign-ins and failures are audited with time, account and address, never the password', async () => {
  const account = await signUp(app)
  const address = nextAddress()
  await login(account.email, 'Wrong1!password', address)
  await login(account.email, account.password, address)
  const entries = await app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.email, account.email), eq(auditLog.address, address)))
    .orderBy(auditLog.id)
  expect(entries.map((e) => [e.event, e.userId])).toEqual([
    ['login_failed', account.id],
    ['login_succeeded', account.id],
  ])
  expect(entries.every((e) => e.at instanceof Date)).toBe(true)
  const text = JSON.stringify(entries)
  expect(text).not.toContain('Wrong1!password')
  expect(text).not.toContain(account.password)
})

test('a cross-site form cannot sign a browser in: only a JSON body is read', async () => {
  const account = await signUp(app)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ email: account.email, password: account.password }),
    remoteAddress: nextAddress(),
  })
  expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION' })
  expect(res.cookies).toEqual([])
})
