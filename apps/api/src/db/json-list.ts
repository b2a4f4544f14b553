import { is, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { PgliteSession } from 'drizzle-orm/pglite'
import { type Db, queryRows } from './client'
import { namedStatementsOf } from './pglite-statements'
import { namedPostgresRows } from './postgres-statements'

const dialect = new PgDialect()

/**
 * The rows of `query`, each an object keyed by the query's column names (alias them as the
 * caller's fields), in the form each database hands over fastest (decision 0038): PGlite passes
 * every row to JavaScript separately, ~0.05–0.1 ms a row, so there the database builds one JSON
 * array; PostgreSQL sends rows faster than it builds that JSON. `order` names output columns
 * (`list."startsAt"`): neither an aggregate nor an outer query keeps the order of a subquery.
 * Instants come back alike from both only as strings: select them with `isoInstant`.
 *
 * On PGlite every query runs as a named statement, parsed once (pglite-statements.ts), and on
 * PostgreSQL every list does (postgres-statements.ts). A list whose best plan depends on its
 * parameters' values (a search pattern, which one index answers for a rare fragment and another
 * for a common one) passes `planPerRead` and is planned at every read.
 */
export async function readList<Row>(
  db: Db,
  query: SQL,
  order: SQL,
  { planPerRead = false }: { planPerRead?: boolean } = {},
): Promise<Row[]> {
  if (!is(db._.session, PgliteSession)) {
    const ordered = sql`SELECT * FROM (${query}) list ORDER BY ${order}`
    return planPerRead ? queryRows<Row>(db, ordered) : namedPostgresRows<Row>(db, ordered)
  }
  const list = sql`SELECT coalesce(json_agg(list ORDER BY ${order}), '[]'::json) AS list FROM (${query}) list`
  if (planPerRead) namedStatementsOf(db)?.planEveryRead(dialect.sqlToQuery(list).sql)
  const [row] = await queryRows<{ list: Row[] }>(db, list)
  return row?.list ?? []
}

/** An instant as the API's ISO string, to the millisecond in UTC (what Date.toISOString writes). */
export const isoInstant = (instant: SQL) =>
  sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A page's row count written into the query's text, not sent as a parameter. PostgreSQL keeps one
 * plan for a statement it runs again (a named statement on PGlite) only when that plan costs no
 * more than planning for the values: under `LIMIT $n` the kept plan is costed for an unknown count
 * of rows, looks dearer, and the statement is planned again at every read (half of an audit page's
 * time on PGlite's scale data; decision 0058). Only a count the server chose goes here, never a
 * client's text.
 */
export function pageLimit(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`Not a page size: ${rows}`)
  return sql.raw(`LIMIT ${rows}`)
}

/**
 * `column IN (values)` with the values as one JSON parameter: the statement's text is the same for
 * any number of values, so each database plans it once. An IN list of parameters is a text per
 * length, each parsed and planned at its first use (decision 0062).
 */
export const inJsonList = (column: SQLWrapper, values: readonly string[], type: 'uuid' | 'text') =>
  sql`${column} IN (SELECT json_array_elements_text(${JSON.stringify(values)}::json)::${sql.raw(type)})`
