import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, testDatabaseKind } from '../test/test-database'
import { type DatabaseHandle, queryRows } from './client'
import { inJsonList, isoInstant, pageLimit, readList } from './json-list'

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

  const typedList = (text: string, count: number, since: Date, flag: boolean | null) =>
    readList<{ label: string; position: number; late: boolean; flag: boolean | null }>(
      handle.db,
      sql`SELECT ${text} || n AS label, n AS position, ${since}::timestamptz < now() AS late,
          ${flag}::boolean AS flag
        FROM generate_series(1, ${count}) n`,
      sql`list.position`,
    )

  test('parameters of every kind give the same rows on every read', async () => {
    const since = new Date('2026-01-02T03:04:05.678Z')
    const first = await typedList('row ', 3, since, true)
    expect(first).toEqual([1, 2, 3].map((n) => ({ label: `row ${n}`, position: n, late: true, flag: true })))
    expect(await typedList("it's ", 2, since, null)).toEqual(
      [1, 2].map((n) => ({ label: `it's ${n}`, position: n, late: true, flag: null })),
    )
    expect(await typedList('row ', 3, since, true)).toEqual(first)
  })

  test.runIf(testDatabaseKind === 'pglite')(
    'on PGlite a list is parsed once: later reads run its named statement',
    async () => {
      const named = async () => {
        const [row] = await queryRows<{ n: number }>(
          handle.db,
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements
            WHERE statement LIKE '%json_agg%' AND statement NOT LIKE '%pg_prepared_statements%'`,
        )
        return row?.n
      }
      const since = new Date()
      await typedList('a', 1, since, false)
      const afterFirst = await named()
      await typedList('b', 4, since, true)
      await typedList('c', 2, since, false)
      expect(afterFirst).toBeGreaterThan(0)
      expect(await named()).toBe(afterFirst)
    },
  )

  test.runIf(testDatabaseKind === 'pglite')('a list planned per read is never named', async () => {
    // This count is a named statement too, and names what it looks for: it does not count itself.
    const marked = sql`SELECT count(*)::int AS n FROM pg_prepared_statements
      WHERE statement LIKE '%planned_per_read%' AND statement NOT LIKE '%pg_prepared_statements%'`
    const rows = await readList<{ planned_per_read: number }>(
      handle.db,
      sql`SELECT ${7}::int AS planned_per_read`,
      sql`list.planned_per_read`,
      { planPerRead: true },
    )
    expect(rows).toEqual([{ planned_per_read: 7 }])
    expect(await queryRows<{ n: number }>(handle.db, marked)).toEqual([{ n: 0 }])
  })

  test.runIf(testDatabaseKind === 'postgres')(
    'on PostgreSQL a list is a named statement, prepared once on a connection; one planned per read is not',
    async () => {
      // One transaction is one connection: prepared statements are a connection's own.
      const prepared = await handle.db.transaction(async (tx) => {
        const db = tx as never
        const kept = (n: number) => readList(db, sql`SELECT ${n}::int AS kept_marker`, sql`list.kept_marker`)
        const perRead = (n: number) =>
          readList(db, sql`SELECT ${n}::int AS per_read_marker`, sql`list.per_read_marker`, {
            planPerRead: true,
          })
        expect(await kept(1)).toEqual([{ kept_marker: 1 }])
        expect(await kept(2)).toEqual([{ kept_marker: 2 }])
        expect(await perRead(3)).toEqual([{ per_read_marker: 3 }])
        await perRead(4)
        return queryRows<{ statement: string }>(
          db,
          sql`SELECT statement FROM pg_prepared_statements
            WHERE statement LIKE '%_marker%' AND statement NOT LIKE '%pg_prepared_statements%'`,
        )
      })
      expect(prepared).toHaveLength(1)
      expect(prepared[0]?.statement).toContain('kept_marker')
    },
  )

  test('a list that fails rejects with the database error and leaves the next read working', async () => {
    const failing = readList(handle.db, sql`SELECT 1 / ${0}::int AS quotient`, sql`list.quotient`)
    await expect(failing).rejects.toMatchObject({ cause: { code: '22012', message: 'division by zero' } })
    expect(await typedList('after ', 1, new Date(), true)).toHaveLength(1)
  })

  test("inside a transaction the list sees the transaction's own writes", async () => {
    await handle.db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS list_notes (body text)`)
    const seen = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO list_notes VALUES ('written in the transaction')`)
      return readList<{ body: string }>(tx as never, sql`SELECT body FROM list_notes`, sql`list.body`)
    })
    expect(seen).toEqual([{ body: 'written in the transaction' }])
  })
})

test('a page limit is written as a whole count of rows and refuses anything else', async () => {
  const handle = await createTestDatabase()
  try {
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT n FROM generate_series(1, 10) n ORDER BY n ${pageLimit(3)}`,
    )
    expect(rows.map(({ n }) => n)).toEqual([1, 2, 3])
  } finally {
    await handle.close()
  }
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(() => pageLimit(bad)).toThrow(RangeError)
  }
})

describe('inJsonList', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase()
  })
  afterAll(() => handle.close())

  const names = ["O'Brien", 'a, b', '"quoted"', 'Ünïcode', 'plain']
  const matching = async (values: string[]) => {
    const rows = await queryRows<{ name: string }>(
      handle.db,
      sql`SELECT name FROM unnest(${`{${names.map((name) => JSON.stringify(name)).join(',')}}`}::text[]) AS t(name)
        WHERE ${inJsonList(sql`name`, values, 'text')} ORDER BY name`,
    )
    return rows.map((row) => row.name)
  }

  test('keeps exactly the rows whose value is listed, whatever the values hold', async () => {
    expect(await matching([])).toEqual([])
    expect(await matching(["O'Brien"])).toEqual(["O'Brien"])
    expect(await matching(['a, b', '"quoted"', 'Ünïcode', 'absent'])).toEqual(
      ['"quoted"', 'a, b', 'Ünïcode'].sort(),
    )
  })

  test('lists of every length share one statement text', () => {
    const text = (values: string[]) => new PgDialect().sqlToQuery(inJsonList(sql`id`, values, 'uuid')).sql
    expect(new Set([[], ['a'], ['a', 'b', 'c']].map(text)).size).toBe(1)
  })
})
