import { eq, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '../test/test-database'
import type { DatabaseHandle } from './client'
import { preparedQuery } from './prepared-query'

const notes = pgTable('prepared_query_notes', { id: integer().primaryKey(), body: text().notNull() })

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await handle.db.execute(sql`CREATE TABLE prepared_query_notes (id int PRIMARY KEY, body text NOT NULL)`)
  await handle.db.insert(notes).values([
    { id: 1, body: 'first' },
    { id: 2, body: 'second' },
  ])
})
afterAll(() => handle.close())

test('a prepared query is built once per database and answers each run with that run’s values', async () => {
  let builds = 0
  const noteById = preparedQuery('test_note_by_id', (db) => {
    builds++
    return db
      .select({ body: notes.body })
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')))
  })
  expect(await noteById(handle.db).execute({ id: 1 })).toEqual([{ body: 'first' }])
  expect(await noteById(handle.db).execute({ id: 2 })).toEqual([{ body: 'second' }])
  expect(await noteById(handle.db).execute({ id: 3 })).toEqual([])
  expect(builds).toBe(1)
})

test('inside a transaction it runs on the transaction, and sees its uncommitted rows', async () => {
  const noteCount = preparedQuery('test_note_count', (db) =>
    db.select({ count: sql<number>`count(*)::int` }).from(notes),
  )
  const count = async (db: DatabaseHandle['db']) => (await noteCount(db).execute())[0]?.count
  expect(await count(handle.db)).toBe(2)
  let countInside: number | undefined
  await handle.db.transaction(async (tx) => {
    await tx.insert(notes).values({ id: 10, body: 'in a transaction' })
    countInside = await count(tx)
    await tx.delete(notes).where(eq(notes.id, 10))
  })
  expect(countInside).toBe(3)
  expect(await count(handle.db)).toBe(2)
})
