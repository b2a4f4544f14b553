import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, emailVerifications, users } from '../../../db/schema'
import { captureMail } from '../../../test/captured-mail'
import { nextAddress, type SignedUpAccount, signUp } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'

const mail = captureMail()
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://portal.example' }, { mailer: mail })
})
afterAll(() => app.close())

const INVALID = 'This verification link is invalid or has expired. Please ask for a new one.'

const verify = (token: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    remoteAddress: nextAddress(),
  })
const resend = (account: SignedUpAccount) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    headers: account.headers,
    remoteAddress: nextAddress(),
  })
const session = (account: SignedUpAccount) =>
  app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: account.cookie } })

/** The token of the last verification link mailed to the account. */
async function verifyToken(account: SignedUpAccount): Promise<string> {
  await app.outbox.drain()
  const message = mail.sent.findLast((m) => m.to === account.email && m.text.includes('/verify-email?'))
  const token = message?.text.match(/https:\/\/portal\.example\/verify-email\?token=([\w-]+)/)?.[1]
  if (!token) throw new Error('no verification link mailed')
  return token
}

test('registration mails a link; the account works at once and says it is not verified yet', async () => {
  const account = await signUp(app)
  await app.outbox.drain()
  const message = mail.sent.findLast((m) => m.to === account.email)
  expect(message?.subject).toBe('Verify your Doctors Portal e-mail address')
  expect(await verifyToken(account)).toMatch(/^[\w-]{43}$/)
  expect(account.user.emailVerified).toBe(false)
  const booking = await app.inject({
    method: 'GET',
    url: `/api/bookings?email=${encodeURIComponent(account.email)}`,
    headers: account.headers,
  })
  expect(booking.statusCode).toBe(200)
})

test('the link verifies the address without a sign-in, once; the account then says so', async () => {
  const account = await signUp(app)
  const token = await verifyToken(account)
  const res = await verify(token)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ message: 'Your e-mail address is verified.' })
  expect((await session(account)).json().user.emailVerified).toBe(true)
  const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
  expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
  const again = await verify(token)
  expect(again.statusCode).toBe(400)
  expect(again.json()).toEqual({ code: 'VERIFY_LINK_INVALID', message: INVALID })
  const entries = await app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, account.id), eq(auditLog.event, 'email_verified')))
  expect(entries).toHaveLength(1)
  expect(JSON.stringify(entries)).not.toContain(token)
})

test('the link is stored only as a hash with its address, and expires after 48 hours', async () => {
  const account = await signUp(app)
  const token = await verifyToken(account)
  const [row] = await app.database.db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, account.id))
  expect(row?.tokenHash).not.toBe(token)
  expect(row?.email).toBe(account.email)
  expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeCloseTo(48 * 3600_000, -4)
  await app.database.db
    .update(emailVerifications)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailVerifications.userId, account.id))
  expect(refusal(await verify(token))).toEqual({ status: 400, code: 'VERIFY_LINK_INVALID' })
  expect((await session(account)).json().user.emailVerified).toBe(false)
})

test('a link proves only the address it was sent to', async () => {
  const account = await signUp(app)
  const token = await verifyToken(account)
  const moved = account.email.replace('patient', 'moved')
  await app.database.db.update(users).set({ email: moved }).where(eq(users.id, account.id))
  expect(refusal(await verify(token))).toEqual({ status: 400, code: 'VERIFY_LINK_INVALID' })
  const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
  expect(row?.emailVerifiedAt).toBeNull()
})

test('made-up, empty or missing tokens are refused with the same message', async () => {
  // A token that could be one is looked up; one that cannot is refused by the request schema.
  for (const [token, code] of [
    ['made-up-token', 'VERIFY_LINK_INVALID'],
    ['', 'VALIDATION'],
    [undefined, 'VALIDATION'],
    ['x'.repeat(500), 'VALIDATION'],
  ]) {
    const res = await verify(token)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code, message: INVALID })
  }
})

test('resend mails a new link, at most 3 mails per account in 15 minutes', async () => {
  const account = await signUp(app)
  const first = await verifyToken(account)
  const res = await resend(account)
  expect(res.statusCode).toBe(202)
  expect(res.json()).toEqual({ message: 'We have sent you a new link. Please check your e-mail.' })
  const second = await verifyToken(account)
  expect(second).not.toBe(first)
  expect((await resend(account)).statusCode).toBe(202) // registration + 2 resends = 3 mails
  const refused = await resend(account)
  expect(refused.statusCode).toBe(429)
  expect(refused.json()).toEqual({
    code: 'RATE_LIMITED',
    message: 'We have already sent you 3 links. Please try again in 15 minutes.',
  })
  // Every link mailed still works until one of them is used.
  expect((await verify(first)).statusCode).toBe(200)
  expect(refusal(await verify(second))).toEqual({ status: 400, code: 'VERIFY_LINK_INVALID' })
})

test('resend needs a sign-in, and refuses an address that is already verified', async () => {
  const anonymous = await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })
  expect(refusal(anonymous)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const account = await signUp(app)
  await verify(await verifyToken(account))
  const res = await resend(account)
  expect(refusal(res)).toEqual({ status: 409, code: 'EMAIL_ALREADY_VERIFIED' })
})

test('a password reset proves the address too', async () => {
  const account = await signUp(app)
  await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: account.email },
    remoteAddress: nextAddress(),
  })
  await app.outbox.drain()
  const reset = mail.sent
    .findLast((m) => m.to === account.email)
    ?.text.match(/reset-password\?token=([\w-]+)/)?.[1]
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token: reset, password: 'N3w!Password' },
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(200)
  const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
  expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
})
