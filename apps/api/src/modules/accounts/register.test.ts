import { parseOptions } from '@node-rs/argon2'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, users } from '../../db/schema'
import { nextAddress, STRONG_PASSWORD, signUp, uniqueEmail } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { expectWorkingTokenFor } from '../../test/sign-in-kit'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const register = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: nextAddress() })

const valid = () => ({ name: 'Rahima Khan', email: uniqueEmail(), password: STRONG_PASSWORD })

test('register answers 201 with the user and sets the session cookie', async () => {
  const body = valid()
  const res = await register(body)
  expect(res.statusCode).toBe(201)
  const { user } = res.json()
  expect(user).toEqual({
    uid: expect.any(String),
    displayName: 'Rahima Khan',
    email: body.email,
    emailVerified: false,
  })
  const cookie = res.cookies.find((c) => c.name === 'portal_session')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
  expect(cookie?.secure).toBeFalsy()
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
  // A 30-day session, counted from now.
  expect(cookie?.maxAge).toBeGreaterThan(30 * 24 * 60 * 60 - 60)
  expect(cookie?.maxAge).toBeLessThanOrEqual(30 * 24 * 60 * 60)
})

test('registration brings a working bearer token, so the browser needs no /api/jwt call next (decision 0053)', async () => {
  const body = valid()
  const res = await register(body)
  const { user, token } = res.json()
  await expectWorkingTokenFor(app, { id: user.uid, email: body.email }, token)
})

test('the password is stored as an argon2id hash with the OWASP parameters, never as given', async () => {
  const account = await signUp(app)
  const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
  expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  expect(row?.passwordHash).not.toContain(account.password)
  expect(parseOptions(row?.passwordHash ?? '')).toMatchObject({
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  })
})

test('the e-mail is trimmed and lower-cased, and a second account with it in other case is refused', async () => {
  const email = uniqueEmail()
  const res = await register({ ...valid(), email: `  ${email.toUpperCase()} ` })
  expect(res.json().user.email).toBe(email)
  const again = await register({ ...valid(), email: email.replace('patient', 'PATIENT') })
  expect(again.statusCode).toBe(409)
  expect(again.json()).toEqual({
    code: 'EMAIL_TAKEN',
    message: 'An account with this e-mail already exists.',
  })
})

describe('the register form rules hold on the server (spec section 5)', () => {
  test.each([
    [{ name: '' }, 'Name is Required'],
    [{ name: '   ' }, 'Name is Required'],
    [{ name: undefined }, 'Name is Required'],
    [{ email: '' }, 'Email is Required'],
    [{ email: undefined }, 'Email is Required'],
    [{ email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    [{ email: 'a@b' }, 'Please enter a valid e-mail address.'],
    [{ password: '' }, 'Invalid Password'],
    [{ password: undefined }, 'Invalid Password'],
    [{ password: 'Ab1!' }, 'Password Must Be 6 Characters Or longer.'],
    [{ password: 'abcdef1!' }, 'Password Must Be Strong!'],
    [{ password: 'ABCDEF1!' }, 'Password Must Be Strong!'],
    [{ password: 'Abcdefg!' }, 'Password Must Be Strong!'],
    [{ password: 'Abcdefg1' }, 'Password Must Be Strong!'],
    [{ password: `Aa1!${'x'.repeat(125)}` }, 'Password must be at most 128 characters.'],
  ])('%o is refused with "%s"', async (change, message) => {
    const res = await register({ ...valid(), ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION', message })
  })
})

test('a 128-character password is accepted whole: its last character matters', async () => {
  const password = `Aa1!${'x'.repeat(123)}y`
  expect(password).toHaveLength(128)
  const account = await signUp(app, { password })
  const login = (attempt: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: attempt },
      remoteAddress: nextAddress(),
    })
  expect((await login(password)).statusCode).toBe(200)
  expect(refusal(await login(`${password.slice(0, 127)}z`))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('a role in the register body is ignored', async () => {
  const res = await register({ ...valid(), role: 'admin' })
  const [row] = await app.database.db.select().from(users).where(eq(users.id, res.json().user.uid))
  expect(row?.role).toBe('patient')
})

test('registration and its verification mail are written to the audit log with the address and no secret', async () => {
  const body = valid()
  const remoteAddress = nextAddress()
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress })
  const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.email, body.email))
  const userId = res.json().user.uid
  expect(entries).toEqual([
    expect.objectContaining({ event: 'account_created', userId, address: remoteAddress }),
    expect.objectContaining({ event: 'email_verification_sent', userId, address: remoteAddress }),
  ])
  expect(JSON.stringify(entries)).not.toContain(body.password)
})

test('a common password is refused even when it meets the form rules, and no account is made', async () => {
  const body = { ...valid(), password: 'P@ssw0rd' }
  const res = await register(body)
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: 'Password Must Be Strong!' })
  expect(await app.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([])
})
