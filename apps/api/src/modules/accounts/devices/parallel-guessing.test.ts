import { SIGN_IN_LINK_SENT_MESSAGE } from '@shared/accounts'
import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, loginBudgets, outbox, signInLinks } from '../../../db/schema'
import { captureMail } from '../../../test/captured-mail'
import { deviceCookie, nextAddress, sessionCookie, signUp, uniqueEmail } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { expectWorkingTokenFor } from '../../../test/sign-in-kit'
import { createTestApp } from '../../../test/test-app'
import { CHECK_REFILL_SECONDS } from '../passwords/login-budget'
import { MAX_FAILED_LOGINS } from '../sign-in-history'
import { MAX_DEVICE_FAILURES } from './known-devices'

// Guessing one account's password from many addresses at once (decision 0020).
const mail = captureMail()
let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp({}, { mailer: mail })
})
afterAll(() => app.close())

const login = (email: string, password: string, device?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
    headers: device ? { cookie: device } : {},
  })

const useLink = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login-link',
    payload: { token },
    remoteAddress: nextAddress(),
  })

/** Every password check that fails is audited once, so this counts the checks a guesser got. */
async function failedChecks(email: string): Promise<number> {
  const [row] = await app.database.db
    .select({ checks: count() })
    .from(auditLog)
    .where(and(eq(auditLog.email, email), eq(auditLog.event, 'login_failed')))
  return row?.checks ?? 0
}

const spendChecks = async (email: string) => {
  for (let attempt = 1; attempt <= MAX_FAILED_LOGINS; attempt++) await login(email, `Wrong${attempt}!`)
}

const guessAtOnce = (email: string, guesses = 100) =>
  Promise.all(Array.from({ length: guesses }, (_, i) => login(email, `Guess${i}!x`)))

/** The token of the newest sign-in link mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  await app.outbox.drain()
  const links = mail.sent
    .filter((m) => m.to === email)
    .map((m) => /\/login\/device\?token=([\w-]+)/.exec(m.text)?.[1])
    .filter((token) => token !== undefined)
  const token = links.at(-1)
  if (!token) throw new Error(`no sign-in link was mailed to ${email}`)
  return token
}

test('100 guesses sent at once from 100 addresses after ten failures get at most a handful of password checks', async () => {
  const account = await signUp(app)
  await spendChecks(account.email)
  const guesses = await guessAtOnce(account.email)
  expect((await failedChecks(account.email)) - MAX_FAILED_LOGINS).toBeLessThanOrEqual(2)
  for (const res of guesses) {
    expect(res.statusCode).not.toBe(200)
    expect(res.cookies).toEqual([])
  }
  expect(guesses.filter((res) => refusal(res).code === 'SIGN_IN_LINK_SENT').length).toBeGreaterThanOrEqual(98)
  // The refusals offer the owner a link, but the inbox gets three at most.
  const [links] = await app.database.db
    .select({ links: count() })
    .from(signInLinks)
    .where(eq(signInLinks.userId, account.id))
  expect(links?.links).toBe(3)
})

test('the first guesses are bounded too: 100 at once on a fresh account get ten checks', async () => {
  const account = await signUp(app)
  await guessAtOnce(account.email)
  expect(await failedChecks(account.email)).toBe(MAX_FAILED_LOGINS)
})

test('during the guessing the owner signs in at once from a browser that signed in before', async () => {
  const account = await signUp(app)
  const before = await login(account.email, account.password, account.device)
  expect(before.statusCode).toBe(200)
  await spendChecks(account.email)
  const [owner] = await Promise.all([
    login(account.email, account.password, deviceCookie(before)),
    guessAtOnce(account.email),
  ])
  expect(owner.statusCode).toBe(200)
  expect(owner.json().user.email).toBe(account.email)
  expect(sessionCookie(owner)).toMatch(/^portal_session=/)
})

test('the owner on a new browser finishes by the mailed link, which works once and makes that browser known', async () => {
  const account = await signUp(app)
  await spendChecks(account.email)
  const refused = await login(account.email, account.password)
  expect(refused.statusCode).toBe(429)
  expect(refused.json()).toEqual({ code: 'SIGN_IN_LINK_SENT', message: SIGN_IN_LINK_SENT_MESSAGE })
  expect(refused.cookies).toEqual([])

  const token = await mailedToken(account.email)
  const signedIn = await useLink(token)
  expect(signedIn.statusCode).toBe(200)
  expect(signedIn.json().user).toMatchObject({ uid: account.id, emailVerified: true })
  await expectWorkingTokenFor(app, account, signedIn.json().token)
  expect(sessionCookie(signedIn)).toMatch(/^portal_session=/)
  const device = signedIn.cookies.find((c) => c.name === 'portal_device')
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' })

  expect(refusal(await useLink(token))).toEqual({ status: 400, code: 'SIGN_IN_LINK_INVALID' })
  expect((await login(account.email, account.password, deviceCookie(signedIn))).statusCode).toBe(200)
  // Sent, the link is erased from the outbox (decision 0017).
  const rows = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'sign_in_link'))
  expect(rows.every((row) => row.sentAt !== null && row.message === null)).toBe(true)
})

test('an unknown e-mail gets the same answers as an account, and no mail', async () => {
  const account = await signUp(app)
  const unknown = uniqueEmail('nobody')
  await spendChecks(account.email)
  await spendChecks(unknown)
  const known = await login(account.email, 'Wrong1!x')
  const stranger = await login(unknown, 'Wrong1!x')
  expect(stranger.statusCode).toBe(known.statusCode)
  expect(stranger.json()).toEqual(known.json())
  expect(Object.keys(stranger.headers).sort()).toEqual(Object.keys(known.headers).sort())
  await app.outbox.drain()
  expect(mail.sent.filter((m) => m.to === unknown)).toEqual([])
})

test(`a known browser that sends ${MAX_DEVICE_FAILURES} wrong passwords is a stranger again`, async () => {
  const account = await signUp(app)
  await spendChecks(account.email)
  for (let attempt = 1; attempt <= MAX_DEVICE_FAILURES; attempt++) {
    expect(refusal(await login(account.email, `Wrong${attempt}!`, account.device)).code).toBe('UNAUTHORIZED')
  }
  const after = await login(account.email, account.password, account.device)
  expect(refusal(after)).toEqual({ status: 429, code: 'SIGN_IN_LINK_SENT' })
})

test(`a spent budget gives one more check every ${CHECK_REFILL_SECONDS} s`, async () => {
  const account = await signUp(app)
  await spendChecks(account.email)
  expect(refusal(await login(account.email, account.password)).code).toBe('SIGN_IN_LINK_SENT')
  await app.database.db
    .update(loginBudgets)
    .set({ refilledAt: new Date(Date.now() - CHECK_REFILL_SECONDS * 1000) })
    .where(eq(loginBudgets.email, account.email))
  expect((await login(account.email, account.password)).statusCode).toBe(200)
  expect(refusal(await login(account.email, account.password)).code).toBe('SIGN_IN_LINK_SENT')
})
