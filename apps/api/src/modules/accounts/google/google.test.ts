import { GOOGLE_UNAVAILABLE_MESSAGE } from '@shared/accounts'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../../../config'
import { auditLog, users } from '../../../db/schema'
import { captureMail } from '../../../test/captured-mail'
import { nextAddress, sessionCookie, signUp, uniqueEmail } from '../../../test/factories'
import { signInAtProvider, startOpenIdProvider } from '../../../test/openid-provider'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'

const PUBLIC_URL = 'http://portal.test'
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`

describe('without GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  test('the providers answer says Google is off, and its routes say it is not available', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: false,
    })
    const res = await app.inject({ method: 'GET', url: '/api/auth/google' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: GOOGLE_UNAVAILABLE_MESSAGE })
  })

  test('setting only one of the two stops the start with a clear line', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'Invalid configuration: GOOGLE_CLIENT_SECRET is required for Google sign-in (set both or neither)',
    )
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(
      /^Invalid configuration: GOOGLE_CLIENT_ID /,
    )
  })
})

test('when the provider cannot be reached, the button leads back to the login page', async () => {
  const app = await createTestApp({
    GOOGLE_CLIENT_ID: 'portal',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_ISSUER: 'http://127.0.0.1:9/',
  })
  try {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/login?error=google')
  } finally {
    await app.close()
  }
})

describe('with Google configured (a local OpenID provider in its place)', () => {
  const mail = captureMail()
  let app: FastifyInstance
  let provider: Awaited<ReturnType<typeof startOpenIdProvider>>
  beforeAll(async () => {
    provider = await startOpenIdProvider({
      id: 'portal',
      secret: 'portal-client-secret',
      redirectUri: CALLBACK,
    })
    app = await createTestApp(
      {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: 'portal',
        GOOGLE_CLIENT_SECRET: 'portal-client-secret',
        GOOGLE_ISSUER: provider.issuer,
      },
      { mailer: mail },
    )
  })
  afterAll(async () => {
    await app.close()
    await provider.close()
  })

  const login = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: nextAddress(),
    })

  /** The token of the last `/page?token=…` link mailed to this address. */
  async function linkIn(email: string, page: string): Promise<string> {
    await app.outbox.drain()
    const text = mail.sent.findLast((m) => m.to === email && m.text.includes(`/${page}?`))?.text
    const token = text?.match(new RegExp(`/${page}\\?token=([\\w-]+)`))?.[1]
    if (!token) throw new Error(`no ${page} link mailed to ${email}`)
    return token
  }

  /** The whole round trip: portal → provider (sign in, consent) → portal's callback. */
  async function continueWithGoogle(subject: string, query = '') {
    const start = await app.inject({
      method: 'GET',
      url: `/api/auth/google${query}`,
      remoteAddress: nextAddress(),
    })
    expect(start.statusCode).toBe(302)
    const pending = start.cookies.find((c) => c.name === 'portal_oidc')
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google', maxAge: 600 })
    const callback = new URL(await signInAtProvider(start.headers.location as string, subject, CALLBACK))
    return {
      start,
      callback,
      finish: (url: URL = callback, cookie = `portal_oidc=${pending?.value}`) =>
        app.inject({
          method: 'GET',
          url: url.pathname + url.search,
          headers: { cookie },
          remoteAddress: nextAddress(),
        }),
    }
  }

  test('the providers answer says Google is on', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ google: true })
  })

  test('the sign-in starts an authorization code flow with PKCE, state and nonce', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google', remoteAddress: nextAddress() })
    const url = new URL(res.headers.location as string)
    expect(url.origin).toBe(provider.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'portal',
      redirect_uri: CALLBACK,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    })
  })

  test('a new Google user gets an account, a session cookie, and lands on /', async () => {
    const email = uniqueEmail('google')
    provider.identities.set('sub-new', { email, email_verified: true, name: 'Tanvir Hasan' })
    const { finish } = await continueWithGoogle('sub-new')
    const res = await finish()
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    // The browser is known to the account from now on (decision 0020).
    expect(res.cookies.find((c) => c.name === 'portal_device')).toMatchObject({
      httpOnly: true,
      path: '/api/auth',
    })
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(res) },
    })
    expect(session.json().user).toMatchObject({ displayName: 'Tanvir Hasan', email })
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({ googleSubject: 'sub-new', passwordHash: null, role: 'patient' })
    // Google vouched for the address.
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
    // Without a password of its own, a password login fails like any other.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Any!Passw0rd' },
      remoteAddress: nextAddress(),
    })
    expect(refusal(login)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.email, email), eq(auditLog.event, 'login_succeeded')))
    expect(entry?.detail).toEqual({ via: 'google', sessionId: expect.stringMatching(/^[\da-f-]{36}$/) })
  })

  test('an account whose owner proved the e-mail is linked, not duplicated, and keeps its password', async () => {
    const account = await signUp(app)
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.id))
    provider.identities.set('sub-link', { email: account.email.toUpperCase(), email_verified: true })
    const res = await (await continueWithGoogle('sub-link')).finish()
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(res) },
    })
    expect(session.json().user.uid).toBe(account.id)
    expect((await login(account.email, account.password)).statusCode).toBe(200)
    // Later sign-ins find the account by its Google subject, even if the e-mail changed there.
    provider.identities.set('sub-link', { email: uniqueEmail('renamed'), email_verified: true })
    const again = await (await continueWithGoogle('sub-link')).finish()
    const later = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(again) },
    })
    expect(later.json().user.uid).toBe(account.id)
  })

  test('an account registered by someone else with an unproven e-mail is taken over: the stranger keeps nothing', async () => {
    const stranger = await signUp(app)
    const verifyLink = await linkIn(stranger.email, 'verify-email')
    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: stranger.email },
      remoteAddress: nextAddress(),
    })
    const resetLink = await linkIn(stranger.email, 'reset-password')

    provider.identities.set('sub-owner', { email: stranger.email, email_verified: true, name: 'Real Owner' })
    const owner = await (await continueWithGoogle('sub-owner')).finish()
    expect(owner.headers.location).toBe('/')
    const ownerSession = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookie(owner) },
    })
    expect(ownerSession.json().user).toMatchObject({ uid: stranger.id, email: stranger.email })

    expect(refusal(await login(stranger.email, stranger.password))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const bookings = await app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(stranger.email)}`,
      headers: stranger.headers,
    })
    expect(refusal(bookings)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const jwt = await app.inject({
      method: 'GET',
      url: `/api/jwt?email=${encodeURIComponent(stranger.email)}`,
      headers: { cookie: stranger.cookie },
    })
    expect(refusal(jwt)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: resetLink, password: 'Str4nger!again' },
      remoteAddress: nextAddress(),
    })
    expect(refusal(reset)).toEqual({ status: 400, code: 'RESET_LINK_INVALID' })
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: verifyLink },
      remoteAddress: nextAddress(),
    })
    expect(refusal(verify)).toEqual({ status: 400, code: 'VERIFY_LINK_INVALID' })

    const [row] = await app.database.db.select().from(users).where(eq(users.id, stranger.id))
    expect(row).toMatchObject({ googleSubject: 'sub-owner', passwordHash: null })
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, stranger.id), eq(auditLog.event, 'account_taken_over')))
    expect(entry).toMatchObject({ email: stranger.email, detail: { via: 'google' } })
  })

  test('an unverified e-mail is not linked to an existing account', async () => {
    const account = await signUp(app)
    provider.identities.set('sub-unverified', { email: account.email, email_verified: false })
    const res = await (await continueWithGoogle('sub-unverified')).finish()
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/login?error=google')
    expect(res.cookies.find((c) => c.name === 'portal_session')).toBeUndefined()
    const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
    expect(row?.googleSubject).toBeNull()
  })

  test('it returns to the remembered page of this site only', async () => {
    provider.identities.set('sub-return', { email: uniqueEmail('google'), email_verified: true })
    const res = await (
      await continueWithGoogle('sub-return', '?returnTo=%2Fdashboard%2Fpayment%2F1')
    ).finish()
    expect(res.headers.location).toBe('/dashboard/payment/1')
    for (const returnTo of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const refused = await app.inject({
        method: 'GET',
        url: `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
      })
      expect(refusal(refused)).toEqual({ status: 400, code: 'VALIDATION' })
    }
  })

  test('a callback with a changed state, a forged cookie or no cookie signs nobody in', async () => {
    provider.identities.set('sub-forged', { email: uniqueEmail('google'), email_verified: true })
    const { callback, finish } = await continueWithGoogle('sub-forged')
    const changedState = new URL(callback)
    changedState.searchParams.set('state', 'attacker-state')
    const attempts = [
      await finish(changedState),
      await finish(callback, 'portal_oidc=eyJ2ZXJpZmllciI6IngifQ.forged-signature'),
      await finish(callback, ''),
    ]
    for (const res of attempts) {
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/login?error=google')
      expect(res.cookies.find((c) => c.name === 'portal_session')).toBeUndefined()
    }
  })
})
