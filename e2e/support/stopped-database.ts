import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * Runs `write` on the embedded database of a stopped server (PGlite opens a data directory in one
 * process at a time), for what the browser tests cannot reach on the real clock: a past visit, a
 * booking made a week ago. The extensions are the ones the server's migrations create.
 */
export async function inStoppedDatabase(
  dataDir: string,
  write: (db: PGlite) => Promise<unknown>,
): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { btree_gist, pg_trgm } })
  try {
    await write(db)
  } finally {
    await db.close()
  }
}
