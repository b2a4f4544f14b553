import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { queryRows } from '../../db/client'
import { createAccount } from '../../test/factories'
import { createTestApp } from '../../test/test-app'
import { removeExpired } from './retention'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const DAY = 24 * 60 * 60 * 1000
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString()
const countOf = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(app.database.db, query))[0]?.n ?? 0

test('the daily job removes what serves no one as of its clock, and keeps the rest', async () => {
  // A clock two years ahead: the rows written now are all old to it, unless written older still.
  const now = new Date(Date.now() + 2 * 365 * DAY)
  const db = app.database.db
  const patient = await createAccount(app)
  const id = patient.id
  await db.execute(sql`
    INSERT INTO sessions (id, user_id, expires_at, revoked_at, user_agent, address) VALUES
      (gen_random_uuid(), ${id}, ${ago(now, 1)}, NULL, 'ended', '127.0.0.1'),
      (gen_random_uuid(), ${id}, ${ago(now, -30)}, ${ago(now, 2)}, 'revoked', '127.0.0.1'),
      (gen_random_uuid(), ${id}, ${ago(now, -30)}, NULL, 'live', '127.0.0.1')`)
  await db.execute(sql`
    INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES
      (${`old-${id}`}, ${id}, ${ago(now, 2)}), (${`fresh-${id}`}, ${id}, ${ago(now, -1)})`)
  await db.execute(sql`
    INSERT INTO outbox (kind, message, sent_at) VALUES
      ('password_reset', NULL, ${ago(now, 31)}), ('password_reset', NULL, ${ago(now, 29)})`)
  await db.execute(sql`
    INSERT INTO audit_log (event, user_id, at) VALUES
      ('logout', ${id}, ${ago(now, 366)}), ('logout', ${id}, ${ago(now, 364)})`)

  const removed = await removeExpired(db, now, 365)

  expect(removed).toMatchObject({ passwordResets: 1, sentMail: expect.any(Number) })
  expect(await countOf(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${id}`)).toBe(1)
  expect(
    await countOf(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${id} AND user_agent = 'live'`),
  ).toBe(1)
  expect(await countOf(sql`SELECT count(*)::int AS n FROM password_resets WHERE user_id = ${id}`)).toBe(1)
  expect(await countOf(sql`SELECT count(*)::int AS n FROM outbox WHERE sent_at < ${ago(now, 30)}`)).toBe(0)
  expect(await countOf(sql`SELECT count(*)::int AS n FROM outbox WHERE sent_at = ${ago(now, 29)}`)).toBe(1)
  expect(
    await countOf(sql`SELECT count(*)::int AS n FROM audit_log WHERE user_id = ${id} AND event = 'logout'`),
  ).toBe(1)
})

test('with a longer AUDIT_RETENTION_DAYS the entries stay longer', async () => {
  const now = new Date(Date.now() + 3 * 365 * DAY)
  const patient = await createAccount(app)
  await app.database.db.execute(
    sql`INSERT INTO audit_log (event, user_id, at) VALUES ('logout', ${patient.id}, ${ago(now, 400)})`,
  )
  await removeExpired(app.database.db, now, 730)
  expect(
    await countOf(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE user_id = ${patient.id} AND event = 'logout'`,
    ),
  ).toBe(1)
})
