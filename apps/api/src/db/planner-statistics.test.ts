import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase } from '../test/test-database'
import { type DatabaseHandle, queryRows } from './client'
import { refreshPlannerStatistics } from './planner-statistics'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
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

test('with statistics gathered, a page of 10,000 accounts is read along users_created_idx, not sorted whole', async () => {
  await handle.db.execute(sql`
    INSERT INTO users (email, name)
    SELECT 'statistics-' || n || '@example.test', 'Statistics Patient ' || n FROM generate_series(1, 10000) n`)
  await refreshPlannerStatistics(handle)
  const plan = await firstUsersPagePlan()
  expect(plan).toContain('Index Scan using users_created_idx')
  expect(plan).not.toContain('Sort')
})
