import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  auditLog,
  bookings,
  knownDevices,
  loginBudgets,
  passwordResets,
  sessions,
  users,
} from '../../db/schema'
import { book, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, makeAdmin, nextAddress, signUp, type TestAccount } from '../../test/factories'
import { login, whoAmI } from '../../test/me-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
})
afterAll(() => app.close())

const deleteAccount = (account: TestAccount, body: { password?: string } = {}) =>
  app.inject({ method: 'DELETE', url: '/api/me', headers: account.headers, payload: body })

const SLOT = '11:00 AM - 11:30 AM'

test('deleting my account frees my upcoming slots, ends my sessions, and frees my address', async () => {
  const patient = await signUp(app, { name: 'Amina Rahman' })
  clock.at(day(-2), '09:00')
  expect((await book(app, patient, { appointmentDate: day(-1), slot: SLOT })).statusCode).toBe(201)
  clock.at(TODAY, '09:10')
  expect((await book(app, patient, { appointmentDate: day(1), slot: SLOT })).statusCode).toBe(201)
  expect(await freeSlots(app, day(1))).not.toContain(SLOT)
  await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: patient.email },
    remoteAddress: nextAddress(),
  })

  const res = await deleteAccount(patient, { password: patient.password })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ message: 'Your account has been deleted.' })
  // The password asked for the deletion spent a check of the e-mail's budget, which names the address.
  expect(
    await app.database.db.select().from(loginBudgets).where(eq(loginBudgets.email, patient.email)),
  ).toEqual([])

  // The freed slot shows at once and another patient can book it.
  expect(await freeSlots(app, day(1))).toContain(SLOT)
  const other = await signUp(app)
  expect((await book(app, other, { appointmentDate: day(1), slot: SLOT })).statusCode).toBe(201)

  expect(refusal(await whoAmI(app, patient))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await login(app, patient.email, patient.password))).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  })
  const again = await signUp(app, { email: patient.email })
  expect(again.id).not.toBe(patient.id)

  const [row] = await app.database.db.select().from(users).where(eq(users.id, patient.id))
  expect(row).toMatchObject({
    name: 'Deleted account',
    email: `deleted-${patient.id}@deleted.invalid`,
    passwordHash: null,
    googleSubject: null,
    emailVerifiedAt: null,
    role: 'patient',
  })
  expect(row?.deletedAt).toBeInstanceOf(Date)
  const kept = await app.database.db.select().from(bookings).where(eq(bookings.userId, patient.id))
  expect(kept.map((b) => [b.appointmentDate, b.status, b.patientName, b.phone])).toEqual(
    expect.arrayContaining([
      [day(-1), 'booked', 'Deleted account', ''],
      [day(1), 'cancelled', 'Deleted account', ''],
    ]),
  )
  const resets = await app.database.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, patient.id))
  expect(resets).toEqual([])
  // Signed up, the patient's browser was known (decision 0020).
  expect(
    await app.database.db.select().from(knownDevices).where(eq(knownDevices.userId, patient.id)),
  ).toEqual([])
  const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.userId, patient.id))
  expect(entries.map((e) => e.email)).toEqual(entries.map(() => null))
  expect(entries.map((e) => e.event)).toContain('account_deleted')
  expect(JSON.stringify(entries)).not.toContain(patient.email)
})

test('a wrong or missing password deletes nothing', async () => {
  const patient = await signUp(app)
  const wrong = await deleteAccount(patient, { password: 'Not!MyPassw0rd' })
  expect(refusal(wrong)).toEqual({ status: 400, code: 'WRONG_PASSWORD' })
  const missing = await deleteAccount(patient)
  expect(refusal(missing)).toEqual({ status: 403, code: 'FORBIDDEN' })
  expect((await whoAmI(app, patient)).statusCode).toBe(200)
  expect((await login(app, patient.email, patient.password)).statusCode).toBe(200)
})

/** What Google sign-in writes (accounts/google-accounts.ts): the session it started, in the detail. */
async function googleSignIn(account: TestAccount, at = sql`now()`) {
  const [session] = await app.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, account.id))
  await app.database.db.insert(auditLog).values({
    event: 'login_succeeded',
    userId: account.id,
    email: account.email,
    detail: { via: 'google', sessionId: session?.id },
    at,
  })
}

test('an account without a password is deleted only right after a Google sign-in in this session', async () => {
  const stale = await createAccount(app)
  await googleSignIn(stale, sql`now() - interval '11 minutes'`)
  const res = await deleteAccount(stale)
  expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
  expect(res.json().message).toMatch(/sign in with Google again/)

  const fresh = await createAccount(app)
  await googleSignIn(fresh)
  expect((await deleteAccount(fresh)).statusCode).toBe(200)
  expect(refusal(await whoAmI(app, fresh))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
})

test('the last admin cannot delete their account; with another admin they can', async () => {
  const [existing] = await app.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`${users.deletedAt} IS NULL`))
  expect(existing?.count).toBe(0)
  const admin = await makeAdmin(app, await signUp(app))
  const res = await deleteAccount(admin, { password: admin.password })
  expect(refusal(res)).toEqual({ status: 409, code: 'LAST_ADMIN' })
  await makeAdmin(app, await createAccount(app))
  expect((await deleteAccount(admin, { password: admin.password })).statusCode).toBe(200)
})

test('signed out, nothing is deleted', async () => {
  expect(refusal(await app.inject({ method: 'DELETE', url: '/api/me', payload: {} }))).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  })
})

test('a booking on its way while the account is deleted is refused by the database, not kept', async () => {
  const patient = await signUp(app)
  let commitDeletion = () => {}
  const deletionHeld = new Promise<void>((resolve) => {
    commitDeletion = resolve
  })
  let deletionWritten = () => {}
  const written = new Promise<void>((resolve) => {
    deletionWritten = resolve
  })
  // The deletion's first write, held open while the booking arrives (on PostgreSQL the booking
  // waits for the row; on PGlite it runs after the commit).
  const deletion = app.database.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, patient.id))
    deletionWritten()
    await deletionHeld
  })
  await written
  const booking = book(app, patient, { appointmentDate: day(3), slot: SLOT })
  await new Promise((resolve) => setTimeout(resolve, 200))
  commitDeletion()
  await deletion

  expect(refusal(await booking)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const kept = await app.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, patient.id), eq(bookings.status, 'booked')))
  expect(kept).toEqual([])
})
