import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, users } from '../../db/schema'
import { createAccount, signUp, type TestAccount } from '../../test/factories'
import { ANDROID_CHROME, login, signInAgain, whoAmI } from '../../test/me-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { verifyPassword } from '../accounts'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const NEW_PASSWORD = 'Fresh!Mint42'

const changePassword = (account: TestAccount, currentPassword: string, newPassword = NEW_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/api/me/password',
    headers: account.headers,
    payload: { currentPassword, newPassword },
  })

test('changing the password: the new one signs in, the old one no longer, and other sessions end', async () => {
  const laptop = await signUp(app)
  const phone = await signInAgain(app, laptop, ANDROID_CHROME)
  const res = await changePassword(laptop, laptop.password)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ message: expect.stringMatching(/password has been changed/i) })
  expect((await whoAmI(app, laptop)).statusCode).toBe(200)
  expect(refusal(await whoAmI(app, phone))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await login(app, laptop.email, laptop.password))).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  })
  expect((await login(app, laptop.email, NEW_PASSWORD)).statusCode).toBe(200)
  const events = await app.database.db
    .select({ event: auditLog.event })
    .from(auditLog)
    .where(and(eq(auditLog.userId, laptop.id), eq(auditLog.event, 'password_changed')))
  expect(events).toHaveLength(1)
})

test('a wrong current password changes nothing and counts as a failed sign-in', async () => {
  const account = await signUp(app)
  const res = await changePassword(account, 'Not!MyPassw0rd')
  expect(refusal(res)).toEqual({ status: 400, code: 'WRONG_PASSWORD' })
  expect((await login(app, account.email, account.password)).statusCode).toBe(200)
  const failed = await app.database.db
    .select({ event: auditLog.event })
    .from(auditLog)
    .where(and(eq(auditLog.email, account.email), eq(auditLog.event, 'login_failed')))
  expect(failed).toHaveLength(1)
})

test('after ten wrong guesses the current password is not even checked', async () => {
  const account = await signUp(app)
  for (let i = 0; i < 10; i++) {
    expect(refusal(await changePassword(account, `Wrong!${i}aA`))).toEqual({
      status: 400,
      code: 'WRONG_PASSWORD',
    })
  }
  const res = await changePassword(account, account.password)
  expect(refusal(res)).toEqual({ status: 429, code: 'TOO_MANY_LOGINS' })
  const [row] = await app.database.db.select().from(users).where(eq(users.id, account.id))
  expect(await verifyPassword(row?.passwordHash, account.password)).toBe(true)
})

test('the new password follows the register rules', async () => {
  const account = await signUp(app)
  const res = await changePassword(account, account.password, 'weakpass')
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Password Must Be Strong!' })
})

test('an account without a password (Google) is told how to get one', async () => {
  const googleOnly = await createAccount(app)
  const res = await changePassword(googleOnly, 'anything')
  expect(refusal(res)).toEqual({ status: 400, code: 'NO_PASSWORD' })
  expect(res.json().message).toMatch(/forget Password\?/)
})

test('signed out, changing the password is a 401', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/me/password',
    payload: { currentPassword: 'x', newPassword: NEW_PASSWORD },
  })
  expect(refusal(res)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})
