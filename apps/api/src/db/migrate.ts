import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { packagePath } from '../lib/package-path'
import { type DatabaseHandle, type Db, queryRows } from './client'

export const migrationsFolder = packagePath('drizzle')

/**
 * Applies the committed drizzle-kit migrations; Drizzle runs all pending ones in one transaction.
 * A database that has them all is left alone: Drizzle's own check reads and hashes every migration
 * file and runs its DDL (CREATE … IF NOT EXISTS), ~150–250 ms of each PGlite start.
 */
export async function runMigrations(
  handle: Pick<DatabaseHandle, 'kind' | 'db'>,
  folder = migrationsFolder,
): Promise<void> {
  if (await hasEveryMigration(handle.db, folder)) return
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder })
  } else {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder })
  }
}

/**
 * Drizzle records each applied migration with its journal time (`when`) and applies those newer
 * than the newest recorded, so a database that recorded the journal's newest has nothing to apply.
 */
async function hasEveryMigration(db: Db, folder: string): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const newest = Math.max(...journal.entries.map((entry) => entry.when))
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  )
  if (!table?.exists) return false
  const [recorded] = await queryRows<{ newest: string | number | null }>(
    db,
    sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
  )
  return recorded?.newest != null && Number(recorded.newest) >= newest
}
