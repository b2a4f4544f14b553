import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/** The statements PGlite has named (it names a text at its second run) whose text contains `marker`. */
export const namedStatements = (db: Db, marker: string) =>
  queryRows<{ statement: string }>(
    db,
    sql`SELECT statement FROM pg_prepared_statements
      WHERE statement LIKE ${`%${marker}%`} AND statement NOT LIKE '%pg_prepared_statements%'`,
  )
