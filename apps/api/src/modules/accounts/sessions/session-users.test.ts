import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sessions, users } from '../../../db/schema'
import { createAccount, type TestAccount } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

/** Any call that needs a signed-in user; asked twice first, so a kept answer would show. */
const myBookings = (account: TestAccount) =>
  app.inject({
    method: 'GET',
    url: `/api/bookings?email=${encodeURIComponent(account.email)}`,
    headers: account.headers,
  })
const listUsers = (account: TestAccount) =>
  app.inject({ method: 'GET', url: '/api/users', headers: account.headers })

async function signedInTwice(account: TestAccount) {
  expect((await myBookings(account)).statusCode).toBe(200)
  expect((await myBookings(account)).statusCode).toBe(200)
}

test('a session revoked by any write, even one the server did not make, ends its tokens at once', async () => {
  const patient = await createAccount(app)
  await signedInTwice(patient)
  await app.database.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, patient.id))
  expect(refusal(await myBookings(patient))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('a deleted account is signed out at once', async () => {
  const patient = await createAccount(app)
  await signedInTwice(patient)
  await app.database.db.delete(users).where(eq(users.id, patient.id))
  expect(refusal(await myBookings(patient))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('a role given by any write counts on the next request', async () => {
  const patient = await createAccount(app)
  expect(refusal(await listUsers(patient))).toEqual({ status: 403, code: 'FORBIDDEN' })
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, patient.id))
  expect((await listUsers(patient)).statusCode).toBe(200)
})

test('a session ends when it expires, with no write to announce it', async () => {
  const patient = await createAccount(app)
  await app.database.db
    .update(sessions)
    .set({ expiresAt: sql`now() + interval '1 second'` })
    .where(eq(sessions.userId, patient.id))
  await signedInTwice(patient)
  await sleep(1100)
  expect(refusal(await myBookings(patient))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('many patients at once each get their own answer', async () => {
  const patients = await Promise.all(Array.from({ length: 12 }, () => createAccount(app)))
  const [revoked, intruder, victim] = patients as [TestAccount, TestAccount, TestAccount]
  await app.database.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, revoked.id))
  // A token naming the victim's session with the intruder as its subject.
  const sessionOf = (account: TestAccount) =>
    JSON.parse(Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString()).sid
  const crossed = await app.accessTokens.sign({
    id: intruder.id,
    email: intruder.email,
    sessionId: sessionOf(victim),
  })
  const answers = await Promise.all([
    ...patients.map((patient) => myBookings(patient)),
    app.inject({
      method: 'GET',
      url: `/api/bookings?email=${encodeURIComponent(intruder.email)}`,
      headers: { authorization: `Bearer ${crossed}` },
    }),
  ])
  expect(answers.map((res) => res.statusCode)).toEqual([401, ...Array(11).fill(200), 401])
})
