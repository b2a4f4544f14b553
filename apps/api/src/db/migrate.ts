import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { packagePath } from '../lib/package-path'
import type { DatabaseHandle } from './client'

export const migrationsFolder = packagePath('drizzle')

/** Applies the committed drizzle-kit migrations; Drizzle runs all pending ones in one transaction. */
export async function runMigrations(
  handle: Pick<DatabaseHandle, 'kind' | 'db'>,
  folder = migrationsFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder })
  } else {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder })
  }
}
