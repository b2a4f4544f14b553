import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import pg from 'pg'

/**
 * Runs `work(tx)` in one transaction on a stopped server's database: the PGlite directory of
 * `dataDir`, or the PostgreSQL database at `databaseUrl`. `tx.query(text, params)` is the same on both.
 */
export async function inStoppedServerDatabase({ dataDir, databaseUrl }, work) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query('BEGIN')
      await work(client)
      await client.query('COMMIT')
    } finally {
      await client.end()
    }
    return
  }
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { btree_gist } })
  try {
    await db.transaction(work)
  } finally {
    await db.close()
  }
}
