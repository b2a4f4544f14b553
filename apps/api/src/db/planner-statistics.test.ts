import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '../test/test-database'
import { type DatabaseHandle, queryRows } from './client'
import { refreshPlannerStatistics } from './planner-statistics'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  // On PostgreSQL its own autovacuum could gather them between two steps of a test.
  await handle.db.execute(sql`ALTER TABLE users SET (autovacuum_enabled = false)`)
})
afterAll(() => handle.close())

/** The plan of the admins' first page of users (modules/users/repository.ts listUsers). */
async function firstUsersPagePlan(): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    handle.db,
    sql`EXPLAIN SELECT id, name, email FROM users WHERE deleted_at IS NULL ORDER BY created_at, id LIMIT 50`,
  )
  return rows.map((row) => row['QUERY PLAN']).join('\n')
}

async function addPatients(first: number, last: number) {
  await handle.db.execute(sql`
    INSERT INTO users (email, name)
    SELECT 'statistics-' || n || '@example.test', 'Statistics Patient ' || n
    FROM generate_series(${first}::int, ${last}::int) n`)
}

test('with statistics gathered, a page of 10,000 accounts is read along users_created_idx, not sorted whole', async () => {
  await addPatients(1, 10_000)
  expect(await refreshPlannerStatistics(handle)).toContain('users')
  const plan = await firstUsersPagePlan()
  expect(plan).toContain('Index Scan using users_created_idx')
  expect(plan).not.toContain('Sort')
})

test('only tables never analyzed or grown by a tenth since are analyzed again', async () => {
  await refreshPlannerStatistics(handle)
  expect(await refreshPlannerStatistics(handle)).toEqual([])

  await addPatients(10_001, 10_200)
  expect(await refreshPlannerStatistics(handle)).toEqual([])

  await addPatients(10_201, 12_000)
  expect(await refreshPlannerStatistics(handle)).toEqual(['users'])
  expect(await refreshPlannerStatistics(handle)).toEqual([])
})
