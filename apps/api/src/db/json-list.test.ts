import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '../test/test-database'
import type { DatabaseHandle } from './client'
import { isoInstant, readList } from './json-list'

describe('readList', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(() => handle.close())

  test('answers the rows keyed by their columns, in the order asked, whatever the query sorted', async () => {
    const rows = await readList(
      handle.db,
      sql`SELECT n AS "position", 'row ' || n AS label, n % 2 = 0 AS even, json_build_array(n) AS nested
        FROM generate_series(1, 5) n ORDER BY n DESC`,
      sql`list."position"`,
    )
    expect(rows).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({ position: n, label: `row ${n}`, even: n % 2 === 0, nested: [n] })),
    )
  })

  test('answers an empty list when no row matches', async () => {
    expect(await readList(handle.db, sql`SELECT 1 AS one WHERE false`, sql`list.one`)).toEqual([])
  })

  test('an instant as Date.toISOString writes it, on any session time zone', async () => {
    const instant = new Date('2026-11-26T17:05:09.123Z')
    await handle.db.execute(sql`SET TIME ZONE 'Asia/Dhaka'`)
    const [row] = await readList<{ at: string }>(
      handle.db,
      sql`SELECT ${isoInstant(sql`${instant.toISOString()}::timestamptz`)} AS at`,
      sql`list.at`,
    )
    await handle.db.execute(sql`RESET TIME ZONE`)
    expect(row?.at).toBe(instant.toISOString())
  })
})
