import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'

/**
 * Runs `work(tx)` in one transaction on a stopped server's database: the PGlite directory of
 * `dataDir`, or the PostgreSQL database at `databaseUrl`. `tx.query(text, params)` is the same on both.
 */
export async function inStoppedServerDatabase(database, work) {
  await onStoppedServerDatabase(database, async (client) => {
    await client.query('BEGIN')
    try {
      await work(client)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    }
  })
}

/**
 * Runs `work(client)` on that database outside any transaction (VACUUM cannot run in one). PGlite
 * opens with the extensions the server's migrations create (apps/api/src/db/client.ts).
 */
export async function onStoppedServerDatabase({ dataDir, databaseUrl }, work) {
  const client = databaseUrl
    ? new pg.Client({ connectionString: databaseUrl })
    : await PGlite.create(path.join(dataDir, 'db'), { extensions: { btree_gist, pg_trgm } })
  if (databaseUrl) await client.connect()
  try {
    await work(client)
  } finally {
    await (databaseUrl ? client.end() : client.close())
  }
}
