import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** A connection to the server's maintenance database, for creating and dropping test databases. */
export function adminPool(url: string): pg.Pool {
  const parsed = new URL(url)
  parsed.pathname = '/postgres'
  return new pg.Pool({ connectionString: parsed.toString(), max: 2 })
}

/** Names are generated, never taken from input, so they are safe to put into DDL. */
export function randomDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`
}
