import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { acquireDataDirLock } from './data-dir-lock'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** The database the app runs on: Drizzle over embedded PGlite or a PostgreSQL server. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres'
  db: Db
  close(): Promise<void>
}

/** Runs raw SQL on either driver; both answer with `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

/**
 * How PGlite opens: with the extensions named (migration 0001 uses btree_gist), and a buffer
 * cache sized for a clinic's data; setting up the default 128 MB took ~100 ms of every start.
 */
export const pgliteOptions = {
  extensions: { btree_gist },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
}

export async function openDatabase(options: {
  dataDir: string
  databaseUrl?: string
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  const release = await acquireDataDirLock(options.dataDir)
  try {
    const client = await PGlite.create(path.join(options.dataDir, 'db'), pgliteOptions)
    return wrapPglite(client, release)
  } catch (error) {
    await release()
    throw error
  }
}

export function wrapPglite(client: PGlite, onClose: () => Promise<void> = async () => {}): DatabaseHandle {
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    async close() {
      await client.close()
      await onClose()
    },
  }
}

/** The PostgreSQL driver is loaded only when used, to keep the embedded start fast. */
export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    close: () => pool.end(),
  }
}
