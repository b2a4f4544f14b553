import { randomUUID } from 'node:crypto'
import type { UserListReply } from '@shared/users'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Db, queryRows } from '../../db/client'
import { users } from '../../db/schema'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { planOf } from '../../test/query-plan'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'
import { listUsers } from './repository'

let app: FastifyInstance
let admin: TestAccount
beforeAll(async () => {
  app = await createTestApp()
  admin = await createAdmin(app)
})
afterAll(() => app.close())

const list = (query: Record<string, string> = {}, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'GET', url: `/api/users?${new URLSearchParams(query)}`, headers })

/** Every page of a search, following nextCursor to the end. */
async function allPages(q: string): Promise<UserListReply[]> {
  const pages: UserListReply[] = []
  let cursor: string | null | undefined
  do {
    const res = await list(cursor ? { q, cursor } : { q })
    expect(res.statusCode).toBe(200)
    const page: UserListReply = res.json()
    pages.push(page)
    cursor = page.nextCursor
  } while (cursor && pages.length < 10)
  return pages
}

/** `count` accounts named after `marker`, written by one statement: all with the same creation time. */
async function insertUsers(marker: string, count: number) {
  const rows = await app.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `${marker} Patient ${i}`,
        email: `${marker.toLowerCase()}-${i}@example.test`,
      })),
    )
    .returning({ id: users.id })
  return rows.map((row) => row.id)
}

describe('GET /api/users pages', () => {
  test('pages of 50 by cursor: every match once, in a stable order, and null after the last', async () => {
    const marker = `Pager${randomUUID().slice(0, 8)}`
    // Same creation time for all: the order falls back on the id, and no row is lost or repeated.
    const ids = await insertUsers(marker, 120)
    const pages = await allPages(marker)
    expect(pages.map((page) => page.users.length)).toEqual([50, 50, 20])
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true])
    const listed = pages.flatMap((page) => page.users.map((user) => user._id))
    expect(listed).toEqual([...ids].sort())
    // The same walk again gives the same pages.
    expect((await allPages(marker)).map((page) => page.users)).toEqual(pages.map((page) => page.users))
  })

  test('later accounts come after earlier ones', async () => {
    const marker = `Order${randomUUID().slice(0, 8)}`
    const [first] = await insertUsers(marker, 1)
    await app.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(users.id, first as string))
    const [second] = await insertUsers(`${marker}b`, 1)
    const [page] = await allPages(marker)
    expect(page?.users.map((user) => user._id)).toEqual([first, second])
  })

  test('without a search the first page holds 50 users and a cursor to more', async () => {
    await insertUsers(`Many${randomUUID().slice(0, 8)}`, 55)
    const res = await list()
    expect(res.json().users).toHaveLength(50)
    expect(res.json().nextCursor).toEqual(expect.any(String))
  })

  test('a cursor the server did not write is refused with 400', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000'
    for (const cursor of [
      'nonsense',
      Buffer.from("2026-01-01|1'; DROP TABLE users").toString('base64url'),
      // The shape of one the server writes, but no instant PostgreSQL can read.
      Buffer.from(`2026-13-45T99:99:99.000000Z|${uuid}`).toString('base64url'),
      Buffer.from(`0000-01-01T00:00:00.000000Z|${uuid}`).toString('base64url'),
    ]) {
      expect(refusal(await list({ cursor }))).toEqual({ status: 400, code: 'VALIDATION' })
    }
  })
})

describe('GET /api/users search', () => {
  test('matches part of the name or the e-mail, in any case', async () => {
    const marker = randomUUID().slice(0, 8)
    const byName = await createAccount(app, { name: `Farhana Akter${marker}` })
    const byEmail = await createAccount(app, { email: `nusrat.${marker}@clinic-mail.test` })
    const ids = async (q: string) =>
      (await list({ q })).json().users.map((user: { _id: string }) => user._id) as string[]
    expect(await ids(`akTER${marker}`)).toEqual([byName.id])
    expect(await ids(`NUSRAT.${marker.toUpperCase()}`)).toEqual([byEmail.id])
    expect(await ids(marker)).toEqual([byName.id, byEmail.id])
    expect(await ids(`  ${marker}  `)).toEqual([byName.id, byEmail.id])
  })

  test('%, _ and \\ are searched for as themselves', async () => {
    const marker = `Wild${randomUUID().slice(0, 8)}`
    await insertUsers(marker, 3)
    expect((await list({ q: `${marker}%` })).json().users).toEqual([])
    expect((await list({ q: `${marker}_Patient` })).json().users).toEqual([])
    expect((await list({ q: `${marker}\\` })).json().users).toEqual([])
  })

  test('a search that is not text is refused: a control character, or bytes that are not UTF-8', async () => {
    for (const q of ['%00', 'x%ED%A0%80y', '%FF']) {
      const res = await app.inject({ method: 'GET', url: `/api/users?q=${q}`, headers: admin.headers })
      expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION' })
    }
    const literal = await app.inject({ method: 'GET', url: '/api/users?q=%25ED', headers: admin.headers })
    expect(literal.statusCode).toBe(200)
  })

  test('a fragment from the middle of a name or an address, in another case, finds the account', async () => {
    const marker = randomUUID().slice(0, 8)
    const account = await createAccount(app, {
      name: `Tahmina Chowdhury${marker}`,
      email: `tahmina.${marker}@dhaka-mail.test`,
    })
    for (const fragment of ['OWDHU', 'ka-ma', 'na.', `y${marker}`]) {
      const found = (await list({ q: fragment })).json().users.map((user: { _id: string }) => user._id)
      expect(found).toContain(account.id)
    }
  })

  test('a fragment is looked up in the trigram indexes of names and addresses, not by reading every account', async () => {
    // Walking users_created_idx and filtering is right for a common fragment (a page fills at
    // once) and for a test's few rows; barred from that too, the planner must answer from the
    // trigram indexes: the search's predicates are their expressions (decision 0038).
    const search = (db: Db) => listUsers(db, { search: 'chowdhury', limit: 51 })
    const plan = await planOf(app.database.db, search, ['seqscan', 'indexscan'])
    expect(plan).toContain('Bitmap Index Scan on users_name_trgm_idx')
    expect(plan).toContain('Bitmap Index Scan on users_email_trgm_idx')
  })

  test.runIf(testDatabaseKind === 'pglite')(
    'on PGlite a search is planned for its own fragment: never kept as a named statement',
    async () => {
      // A plan kept for every pattern walked all accounts in order for a rare fragment (decision 0050).
      await list({ q: 'kept-plan-probe' })
      await list({ q: 'another-fragment' })
      const kept = await queryRows<{ n: number }>(
        app.database.db,
        // A named statement too, which does not count itself.
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements
          WHERE statement LIKE '%lower(%' AND statement NOT LIKE '%pg_prepared_statements%'`,
      )
      expect(kept).toEqual([{ n: 0 }])
      await list()
      const named = await queryRows<{ n: number }>(
        app.database.db,
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%"createdAt"%'`,
      )
      expect(named[0]?.n).toBeGreaterThan(0)
    },
  )

  test('a deleted account is not found, even by its kept name', async () => {
    const marker = `Gone${randomUUID().slice(0, 8)}`
    const [id] = await insertUsers(marker, 1)
    await app.database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, id as string))
    expect((await list({ q: marker })).json()).toEqual({ users: [], nextCursor: null })
  })
})

describe('GET /api/users fields', () => {
  test('each user is exactly _id, name, email, role and emailVerified: never a hash or a token', async () => {
    const marker = `Fields${randomUUID().slice(0, 8)}`
    const verified = await createAccount(app, { name: `${marker} Verified` })
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' })
      .where(eq(users.id, verified.id))
    const res = await list({ q: marker })
    expect(res.json().users).toEqual([
      {
        _id: verified.id,
        name: `${marker} Verified`,
        email: verified.email,
        role: 'patient',
        emailVerified: true,
      },
    ])
    expect(res.body).not.toMatch(/argon2|passwordHash|token|deletedAt|createdAt/)
  })
})

describe('GET /api/users is for admins', () => {
  test('a patient gets 403 and an anonymous caller 401', async () => {
    const patient = await createAccount(app)
    expect(refusal(await list({ q: 'a' }, patient.headers))).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(refusal(await list({ q: 'a' }, {}))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })
})
