import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, refreshTokens, sessions } from '../../../db/schema'
import { nextAddress, sessionCookie, signUp } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { expectWorkingTokenFor } from '../../../test/sign-in-kit'
import { createTestApp } from '../../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const restore = (cookie?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  })
const jwt = (email: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(email)}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  })
const users = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'X' } })

test('the session endpoint restores the user and rotates the cookie', async () => {
  const account = await signUp(app)
  const res = await restore(account.cookie)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ user: account.user, token: expect.any(String) })
  const next = sessionCookie(res)
  expect(next).not.toBe(account.cookie)
  expect((await restore(next)).statusCode).toBe(200)
})

test('the restored session brings a working 300 s token for its user, so a page needs no /api/jwt call', async () => {
  const account = await signUp(app)
  const { token } = (await restore(account.cookie)).json()
  await expectWorkingTokenFor(app, account, token)
})

test('without a session cookie the session endpoint and /api/jwt answer 401', async () => {
  expect(refusal(await restore())).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await restore('portal_session=made-up'))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const res = await jwt('someone@example.test')
  expect(refusal(res)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('/api/jwt gives a working 300 s token for the session’s own e-mail (any case)', async () => {
  const account = await signUp(app)
  const res = await jwt(account.email.toUpperCase(), account.cookie)
  expect(res.statusCode).toBe(200)
  const { token } = res.json()
  await expectWorkingTokenFor(app, account, token)
})

test('/api/jwt for someone else’s e-mail is refused', async () => {
  const account = await signUp(app)
  const other = await signUp(app)
  const res = await jwt(other.email, account.cookie)
  expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
  expect(res.json().token).toBeUndefined()
  // The session itself goes on, with the cookie rotated in that answer.
  expect((await jwt(account.email, sessionCookie(res))).statusCode).toBe(200)
})

test('a reused refresh token revokes the whole session, and its access tokens with it', async () => {
  const account = await signUp(app)
  const stolen = account.cookie
  const legit = await restore(stolen)
  expect(legit.statusCode).toBe(200)
  const reuse = await restore(stolen)
  expect(refusal(reuse)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(reuse.cookies.find((c) => c.name === 'portal_session')?.value).toBe('')
  // The newest token of that session is dead too, and so is the access token it gave.
  expect(refusal(await restore(sessionCookie(legit)))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await users(account.headers))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const [entry] = await app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.event, 'session_reuse_detected'))
  expect(entry).toMatchObject({ userId: account.id, email: account.email })
})

test('a reuse ends only that session: the account’s other sign-ins go on', async () => {
  const account = await signUp(app)
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    remoteAddress: nextAddress(),
  })
  const otherDevice = sessionCookie(login)
  await restore(account.cookie)
  await restore(account.cookie)
  expect((await restore(otherDevice)).statusCode).toBe(200)
})

test('logout answers 204, clears the cookie and revokes the session and its access tokens', async () => {
  const account = await signUp(app)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie: account.cookie },
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(204)
  expect(res.body).toBe('')
  const cleared = res.cookies.find((c) => c.name === 'portal_session')
  expect(cleared).toMatchObject({ value: '', path: '/api' })
  expect(refusal(await restore(account.cookie))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await users(account.headers))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const events = (await app.database.db.select().from(auditLog).where(eq(auditLog.userId, account.id))).map(
    (e) => e.event,
  )
  expect(events).toContain('logout')
})

test('logout without a session still answers 204', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: nextAddress() })
  expect(res.statusCode).toBe(204)
})

test('an expired session cannot be restored', async () => {
  const account = await signUp(app)
  await app.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, account.id))
  expect(refusal(await restore(account.cookie))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await users(account.headers))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('refresh tokens are stored only as SHA-256 hashes', async () => {
  const account = await signUp(app)
  const token = account.cookie.split('=')[1] ?? ''
  const rows = await app.database.db.select().from(refreshTokens)
  expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false)
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true)
})

test('profile update changes the display name (bearer token)', async () => {
  const account = await signUp(app)
  const update = (payload: Record<string, unknown>, headers: Record<string, string> = account.headers) =>
    app.inject({ method: 'PATCH', url: '/api/auth/profile', headers, payload })
  const res = await update({ displayName: '  Nusrat Jahan ' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ user: { ...account.user, displayName: 'Nusrat Jahan' } })
  expect((await update({ displayName: '' })).json()).toEqual({
    code: 'VALIDATION',
    message: 'Name is Required',
  })
  expect(refusal(await update({ displayName: 'X' }, {}))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect((await restore(account.cookie)).json().user.displayName).toBe('Nusrat Jahan')
})

test('the cookie is Secure when the portal is served over HTTPS', async () => {
  const secureApp = await createTestApp({ PUBLIC_URL: 'https://portal.example' })
  try {
    const account = await signUp(secureApp)
    const res = await secureApp.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    })
    expect(res.cookies.find((c) => c.name === 'portal_session')).toMatchObject({
      secure: true,
      httpOnly: true,
    })
  } finally {
    await secureApp.close()
  }
})
