import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, users } from '../../db/schema'
import { createAccount, createAdmin, makeAdmin, signUp } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const roleOf = async (id: string) =>
  (await app.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role

describe('POST /api/users', () => {
  test('updates the caller’s own name and answers the record', async () => {
    const account = await signUp(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: account.headers,
      payload: { name: 'Farhana Akter', email: account.email },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      user: { _id: account.id, name: 'Farhana Akter', email: account.email, role: 'patient' },
    })
  })

  test('a role or another e-mail in the body is ignored', async () => {
    const account = await signUp(app)
    const victim = await signUp(app, { name: 'Victim' })
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: account.headers,
      payload: { name: 'Sneaky', email: victim.email, role: 'admin' },
    })
    expect(res.json().user).toMatchObject({ _id: account.id, email: account.email, role: 'patient' })
    expect(await roleOf(account.id)).toBe('patient')
    const [victimRow] = await app.database.db.select().from(users).where(eq(users.id, victim.id))
    expect(victimRow).toMatchObject({ name: 'Victim', role: 'patient' })
  })

  test('needs a token and a name', async () => {
    expect(refusal(await app.inject({ method: 'POST', url: '/api/users', payload: { name: 'X' } }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const account = await createAccount(app)
    const res = await app.inject({ method: 'POST', url: '/api/users', headers: account.headers, payload: {} })
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Name is Required' })
  })
})

describe('GET /api/users/admin/:email', () => {
  test('answers for yourself (any case), and 403 for someone else unless you are an admin', async () => {
    const patient = await createAccount(app)
    const admin = await createAdmin(app)
    const check = (email: string, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/users/admin/${encodeURIComponent(email)}`, headers })
    expect((await check(patient.email.toUpperCase(), patient.headers)).json()).toEqual({ isAdmin: false })
    expect((await check(admin.email, admin.headers)).json()).toEqual({ isAdmin: true })
    const refused = await check(admin.email, patient.headers)
    expect(refusal(refused)).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect((await check(patient.email, admin.headers)).json()).toEqual({ isAdmin: false })
    expect((await check('nobody@example.test', admin.headers)).json()).toEqual({ isAdmin: false })
    expect(refusal(await check(patient.email, {}))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })
})

describe('admin routes', () => {
  test('GET /api/users lists users with _id, name, email, role and emailVerified only, for admins', async () => {
    const admin = await createAdmin(app)
    const patient = await signUp(app, { name: 'Listed Patient' })
    const res = await app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent(patient.email)}`,
      headers: admin.headers,
    })
    expect(res.statusCode).toBe(200)
    const { users: listed } = res.json()
    expect(listed).toEqual([
      {
        _id: patient.id,
        name: 'Listed Patient',
        email: patient.email,
        role: 'patient',
        emailVerified: false,
      },
    ])
    expect(Object.keys(listed[0]).sort()).toEqual(['_id', 'email', 'emailVerified', 'name', 'role'])
    expect(res.body).not.toContain('argon2')
    expect(refusal(await app.inject({ method: 'GET', url: '/api/users', headers: patient.headers }))).toEqual(
      {
        status: 403,
        code: 'FORBIDDEN',
      },
    )
    expect(refusal(await app.inject({ method: 'GET', url: '/api/users' }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  test('PUT /api/users/admin/:id makes a user an admin once, and audits it', async () => {
    const admin = await createAdmin(app)
    const patient = await createAccount(app)
    const promote = (id: string, headers: Record<string, string> = admin.headers) =>
      app.inject({ method: 'PUT', url: `/api/users/admin/${id}`, headers })
    const res = await promote(patient.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ admin: { modifiedCount: 1 } })
    expect(await roleOf(patient.id)).toBe('admin')
    expect((await promote(patient.id)).json()).toEqual({ admin: { modifiedCount: 0 } })
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patient.id), eq(auditLog.event, 'role_changed')))
    expect(entries).toEqual([
      expect.objectContaining({
        email: patient.email,
        actorId: admin.id,
        detail: { role: 'admin', by: 'admin' },
      }),
    ])
  })

  test('PUT /api/users/admin/:id: 404 for an unknown id, 403 for a patient', async () => {
    const admin = await createAdmin(app)
    const patient = await createAccount(app)
    const put = (id: string, headers: Record<string, string>) =>
      app.inject({ method: 'PUT', url: `/api/users/admin/${id}`, headers })
    expect(refusal(await put('00000000-0000-4000-8000-000000000000', admin.headers))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
    expect(refusal(await put('not-a-uuid', admin.headers))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await put(patient.id, patient.headers))).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(await roleOf(patient.id)).toBe('patient')
  })

  test('a deleted account is neither listed nor made an admin', async () => {
    const admin = await createAdmin(app)
    const patient = await signUp(app, { name: 'Leaving Patient' })
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: patient.headers,
      payload: { password: patient.password },
    })
    expect(deleted.statusCode).toBe(200)
    const listed = await app.inject({ method: 'GET', url: '/api/users', headers: admin.headers })
    expect(listed.json().users.map((user: { _id: string }) => user._id)).not.toContain(patient.id)
    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/users/admin/${patient.id}`,
      headers: admin.headers,
    })
    expect(refusal(promoted)).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(await roleOf(patient.id)).toBe('patient')
  })

  test('a demoted admin’s token no longer reaches admin routes', async () => {
    const admin = await makeAdmin(app, await signUp(app))
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: admin.headers })).statusCode).toBe(
      200,
    )
    await app.database.db.update(users).set({ role: 'patient' }).where(eq(users.id, admin.id))
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: admin.headers })
    expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
  })
})
