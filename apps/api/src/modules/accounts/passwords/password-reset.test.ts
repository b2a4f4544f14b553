import { PASSWORD_RESET_DONE_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from '@shared/accounts'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, passwordResets } from '../../../db/schema'
import { captureMail } from '../../../test/captured-mail'
import { nextAddress, type SignedUpAccount, signUp, uniqueEmail } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'

const mail = captureMail()
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://portal.example' }, { mailer: mail })
})
afterAll(() => app.close())

const requestReset = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress: nextAddress(),
  })
const confirm = (token: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
    remoteAddress: nextAddress(),
  })
const login = (email: string, password: string, remoteAddress = nextAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  })

/** Asks for a reset link for the account and returns the token from the mail it received. */
async function resetToken(account: SignedUpAccount): Promise<string> {
  await requestReset(account.email)
  await app.outbox.drain()
  const message = mail.sent.findLast((m) => m.to === account.email)
  const link = message?.text.match(/https:\/\/portal\.example\/reset-password\?token=([\w-]+)/)
  if (!link?.[1]) throw new Error('no reset link mailed')
  return link[1]
}

test('the answer is the same whether or not the e-mail has an account; only an account gets mail', async () => {
  const account = await signUp(app)
  await app.outbox.drain()
  const before = mail.sent.length
  const known = await requestReset(account.email.toUpperCase())
  const unknown = await requestReset(uniqueEmail('nobody'))
  for (const res of [known, unknown]) {
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE })
  }
  await app.outbox.drain()
  expect(mail.sent.slice(before).map((m) => m.to)).toEqual([account.email])
  expect(mail.sent.at(-1)?.subject).toBe('Reset your Doctors Portal password')
})

test('the link sets a new password, works once, and signs the account out everywhere', async () => {
  const account = await signUp(app)
  const token = await resetToken(account)
  const res = await confirm(token, 'N3w!Password')
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE })
  // Every session and its access tokens are revoked.
  const restored = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: account.cookie },
  })
  expect(refusal(restored)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const bearer = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: account.headers,
    payload: { name: 'X' },
  })
  expect(refusal(bearer)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await login(account.email, account.password))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect((await login(account.email, 'N3w!Password')).statusCode).toBe(200)
  // Single use.
  const again = await confirm(token, 'An0ther!Password')
  expect(again.statusCode).toBe(400)
  expect(again.json()).toEqual({
    code: 'RESET_LINK_INVALID',
    message: 'This reset link is invalid or has expired. Please ask for a new one.',
  })
})

test('the link expires after 30 minutes', async () => {
  const account = await signUp(app)
  const token = await resetToken(account)
  const [row] = await app.database.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, account.id))
  expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeCloseTo(30 * 60_000, -4)
  await app.database.db
    .update(passwordResets)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResets.userId, account.id))
  expect(refusal(await confirm(token, 'N3w!Password'))).toEqual({ status: 400, code: 'RESET_LINK_INVALID' })
  expect((await login(account.email, account.password)).statusCode).toBe(200)
})

test('the token is stored only as a hash, and using one link voids the older ones', async () => {
  const account = await signUp(app)
  const first = await resetToken(account)
  const second = await resetToken(account)
  const rows = await app.database.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, account.id))
  expect(rows.map((r) => r.tokenHash)).not.toContain(first)
  expect((await confirm(second, 'N3w!Password')).statusCode).toBe(200)
  expect(refusal(await confirm(first, 'Other!Passw0rd'))).toEqual({ status: 400, code: 'RESET_LINK_INVALID' })
})

test('the new password follows the register form rules', async () => {
  const account = await signUp(app)
  const token = await resetToken(account)
  expect((await confirm(token, 'weak')).json()).toEqual({
    code: 'VALIDATION',
    message: 'Password Must Be 6 Characters Or longer.',
  })
  expect((await confirm(token, 'weakpassword')).json()).toEqual({
    code: 'VALIDATION',
    message: 'Password Must Be Strong!',
  })
  // A common password meets the rules but is refused too; the link stays usable.
  const common = await confirm(token, 'P@ssw0rd')
  expect(refusal(common)).toEqual({ status: 400, code: 'WEAK_PASSWORD' })
  expect((await confirm(token, 'N3w!Password')).statusCode).toBe(200)
  expect(refusal(await confirm('made-up-token', 'N3w!Password'))).toEqual({
    status: 400,
    code: 'RESET_LINK_INVALID',
  })
})

test('a reset ends a login lock-out, and at most 3 mails go to one account per 15 minutes', async () => {
  const account = await signUp(app)
  const guesser = nextAddress()
  for (let attempt = 0; attempt < 10; attempt++) await login(account.email, 'Wrong1!x', guesser)
  expect(refusal(await login(account.email, account.password, guesser))).toEqual({
    status: 429,
    code: 'TOO_MANY_LOGINS',
  })
  const token = await resetToken(account)
  await confirm(token, 'N3w!Password')
  expect((await login(account.email, 'N3w!Password', guesser)).statusCode).toBe(200)

  const before = mail.sent.length
  for (let request = 0; request < 4; request++)
    expect((await requestReset(account.email)).statusCode).toBe(202)
  await app.outbox.drain()
  expect(mail.sent.length - before).toBe(2) // 1 (above) + 2 = 3 in the window
})

test('requests and resets are audited without the token', async () => {
  const account = await signUp(app)
  const token = await resetToken(account)
  await confirm(token, 'N3w!Password')
  const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.userId, account.id))
  expect(entries.map((e) => e.event)).toEqual(
    expect.arrayContaining(['password_reset_requested', 'password_reset_completed']),
  )
  expect(JSON.stringify(entries)).not.toContain(token)
})
