import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { NoopCache } from 'drizzle-orm/cache/core'
import { NoopLogger } from 'drizzle-orm/logger'
import { PgDialect, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { PglitePreparedQuery } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type DatabaseHandle, pgliteOptions, queryRows, wrapPglite } from './client'
import { DRIZZLE_TEXT_TYPES } from './drizzle-text-types'
import { namedStatementsOf } from './pglite-statements'

let client: PGlite
let handle: DatabaseHandle
beforeAll(async () => {
  client = await PGlite.create(pgliteOptions)
  handle = wrapPglite(client)
})
afterAll(() => handle.close())

test('the installed Drizzle asks for exactly these types as text, with every query', () => {
  const query = new PglitePreparedQuery(
    client,
    'SELECT 1',
    [],
    new NoopLogger(),
    new NoopCache(),
    undefined,
    undefined,
    undefined,
    undefined,
    false,
  )
  // Private in Drizzle's types: what it passes with each query.
  const { queryConfig, rawQueryConfig } = query as unknown as Record<string, QueryOptions>
  for (const config of [queryConfig, rawQueryConfig]) {
    const parsers = config?.parsers ?? {}
    expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort())
    for (const parse of Object.values(parsers) as ((text: string) => unknown)[])
      expect(parse('{2026-01-02}')).toBe('{2026-01-02}')
  }
})

const VALUES = sql`SELECT '2026-01-02 03:04:05.678+00'::timestamptz AS instant, '2026-01-02'::date AS day,
  '90 minutes'::interval AS length, ARRAY['2026-01-02'::date] AS days, ARRAY[1.5]::numeric[] AS amounts`
const AS_TEXT = {
  instant: '2026-01-02 03:04:05.678+00',
  day: '2026-01-02',
  length: '01:30:00',
  days: '{2026-01-02}',
  amounts: '{1.5}',
}

test('those types still come back as text in and out of transactions, and queries go without per-query parsers', async () => {
  // Out of a transaction a query runs as a named statement, with the options PGlite's query would
  // get; planned per read, this one goes through PGlite's query, where the spy sees those options.
  namedStatementsOf(handle.db)?.planEveryRead(new PgDialect().sqlToQuery(VALUES).sql)
  const query = vi.spyOn(client, 'query')
  try {
    expect(await queryRows(handle.db, VALUES)).toEqual([AS_TEXT])
    expect(await handle.db.transaction((tx) => queryRows(tx, VALUES))).toEqual([AS_TEXT])
    expect(query.mock.calls.length).toBeGreaterThan(0)
    for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined()
  } finally {
    query.mockRestore()
  }
})

test('Drizzle still reads an instant column as a Date', async () => {
  const stamps = pgTable('stamps', { at: timestamp('at', { withTimezone: true }).notNull() })
  await handle.db.execute(sql`CREATE TABLE stamps (at timestamptz NOT NULL)`)
  await handle.db.insert(stamps).values({ at: new Date('2026-01-02T03:04:05.678Z') })
  const [row] = await handle.db.transaction((tx) => tx.select().from(stamps))
  expect(row?.at).toEqual(new Date('2026-01-02T03:04:05.678Z'))
  expect(await handle.db.select().from(stamps)).toEqual([row])
})
