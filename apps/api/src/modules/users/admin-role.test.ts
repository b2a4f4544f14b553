import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { queryRows } from '../../db/client'
import { auditLog, users } from '../../db/schema'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { lockAdmins } from '../me'

/** A fresh database for each test: the last-admin rule is about every admin there is. */
let app: FastifyInstance
beforeEach(async () => {
  await app?.close()
  app = await createTestApp()
})
afterAll(() => app.close())

const makeAdmin = (id: string, by: TestAccount) =>
  app.inject({ method: 'PUT', url: `/api/users/admin/${id}`, headers: by.headers })
const removeAdmin = (id: string, by: TestAccount) =>
  app.inject({ method: 'DELETE', url: `/api/users/admin/${id}`, headers: by.headers })

const roleOf = async (id: string) =>
  (await app.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role
const adminIds = async () =>
  (
    await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
  ).map((row) => row.id)

describe('Remove Admin', () => {
  test('an admin removes another admin, once, and it is audited with the admin as actor', async () => {
    const [admin, other] = [await createAdmin(app), await createAdmin(app)]
    const res = await removeAdmin(other.id, admin)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ admin: { modifiedCount: 1 } })
    expect(await roleOf(other.id)).toBe('patient')
    expect((await removeAdmin(other.id, admin)).json()).toEqual({ admin: { modifiedCount: 0 } })
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, other.id), eq(auditLog.event, 'role_changed')))
    expect(entries).toEqual([
      expect.objectContaining({ actorId: admin.id, detail: { role: 'patient', by: 'admin' } }),
    ])
    // Their token no longer reaches admin routes.
    expect(refusal(await makeAdmin(other.id, other))).toEqual({ status: 403, code: 'FORBIDDEN' })
  })

  test('never yourself', async () => {
    const [admin] = [await createAdmin(app), await createAdmin(app)]
    const res = await removeAdmin(admin.id, admin)
    expect(refusal(res)).toEqual({ status: 409, code: 'CANNOT_CHANGE_OWN_ROLE' })
    expect(res.json().message).toBe('You cannot remove your own admin role. Ask another admin to do it.')
    expect(await roleOf(admin.id)).toBe('admin')
  })

  test('an unknown or deleted account is 404; a patient and an anonymous caller are refused', async () => {
    const admin = await createAdmin(app)
    const patient = await createAccount(app)
    const other = await createAdmin(app)
    await app.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id))
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', other.id]) {
      expect(refusal(await removeAdmin(id, admin))).toEqual({ status: 404, code: 'NOT_FOUND' })
    }
    expect(refusal(await removeAdmin(admin.id, patient))).toEqual({ status: 403, code: 'FORBIDDEN' })
    const anonymous = await app.inject({ method: 'DELETE', url: `/api/users/admin/${admin.id}` })
    expect(refusal(anonymous)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    expect(await adminIds()).toEqual([admin.id])
  })

  test('Make Admin, then Remove Admin, round trip', async () => {
    const admin = await createAdmin(app)
    const patient = await createAccount(app)
    expect((await makeAdmin(patient.id, admin)).json()).toEqual({ admin: { modifiedCount: 1 } })
    expect((await removeAdmin(patient.id, admin)).json()).toEqual({ admin: { modifiedCount: 1 } })
    expect(await adminIds()).toEqual([admin.id])
  })
})

/**
 * On PostgreSQL, until a query of this database waits for a row lock (the request has passed its
 * admin check and wants the admins' rows); PGlite's one connection makes the request wait anyway.
 */
async function waitingForALock() {
  if (testDatabaseKind !== 'postgres') return
  const waiting = sql`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`
  await expect
    .poll(async () => (await queryRows<{ n: number }>(app.database.db, waiting))[0]?.n, { timeout: 20_000 })
    .toBeGreaterThan(0)
}

describe('two admins removing each other at once', () => {
  test('through the API: one wins, one admin remains', async () => {
    const [a, b] = [await createAdmin(app), await createAdmin(app)]
    const answers = await Promise.all([removeAdmin(b.id, a), removeAdmin(a.id, b)])
    const won = answers.filter((res) => res.statusCode === 200)
    const lost = answers.filter((res) => res.statusCode !== 200)
    expect(won.map((res) => res.json())).toEqual([{ admin: { modifiedCount: 1 } }])
    // Refused for what it found under the lock, or before it (its admin check saw the demotion).
    expect(lost.map((res) => refusal(res).code)).toEqual([expect.stringMatching(/^(LAST_ADMIN|FORBIDDEN)$/)])
    expect(await adminIds()).toHaveLength(1)
  })

  test('a removal waits for one in progress, then finds the last admin', async () => {
    const [a, b] = [await createAdmin(app), await createAdmin(app)]
    // A removes B: its transaction holds the admins' lock and has demoted B, not yet committed.
    let commit = () => {}
    const held = new Promise<void>((resolve) => {
      commit = resolve
    })
    let demoted = () => {}
    const written = new Promise<void>((resolve) => {
      demoted = resolve
    })
    const first = app.database.db.transaction(async (tx) => {
      await lockAdmins(tx)
      await tx.update(users).set({ role: 'patient' }).where(eq(users.id, b.id))
      demoted()
      await held
    })
    await written
    // Meanwhile B, still an admin to every other connection, removes A.
    const second = removeAdmin(a.id, b)
    await waitingForALock()
    commit()
    await first
    const res = await second
    // On PostgreSQL B's request passed the admin check and then waited for the lock; PGlite has
    // one connection, so there it ran after the commit, when B was no longer an admin.
    expect(refusal(res)).toEqual(
      testDatabaseKind === 'postgres'
        ? { status: 409, code: 'LAST_ADMIN' }
        : { status: expect.any(Number), code: expect.stringMatching(/^(LAST_ADMIN|FORBIDDEN)$/) },
    )
    expect(await adminIds()).toEqual([a.id])
  })
})
