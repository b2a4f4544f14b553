import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite'

/**
 * The types Drizzle asks PGlite to hand over as text with every query (`parsers` in
 * drizzle-orm/pglite's session): Drizzle parses dates, instants, intervals and their arrays
 * itself. The test next to this file checks the list against the installed Drizzle.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]

const asText = (value: string) => value

/**
 * Makes `client` hand over Drizzle's text types as text for every query, so that the queries can
 * go without Drizzle's per-query `parsers` (withoutTextParsers). PGlite merges a query's parsers into a copy of its
 * own, ~360 of them, for every query that brings some: about 0.1 ms each, a tenth of a page of
 * users (decision 0045). Set after `PGlite.create`, whose reading of the array types would replace
 * the array entries; nothing here asks PGlite to read them again (`refreshArrayTypes`).
 */
export function keepDrizzleTypesAsText(client: PGlite) {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText
}

/**
 * A query's options without parsers that only name Drizzle's text types: on a client that
 * keepDrizzleTypesAsText set up, the answer is the same.
 */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers
  if (!parsers || !Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.includes(Number(type))))
    return options
  const { parsers: _dropped, ...rest } = options
  return rest
}

/**
 * A transaction whose queries drop those parsers too (Drizzle queries through it directly), run
 * by `query`: the transaction's own, or its named statements (pglite-statements.ts).
 */
export function withTextTypesKept(tx: Transaction, query: Transaction['query']): Transaction {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          query(text, params, withoutTextParsers(options))
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
