import path from 'node:path'
import type { Config } from '../../config'
import type { DatabaseHandle } from '../../db/client'
import { databaseStorage } from './database'
import { localDiskStorage } from './local-disk'
import type { Storage } from './storage'

export { randomStoredName, STORED_NAME, type Storage } from './storage'

/** The folder of DATA_DIR that holds uploaded images when nothing else is chosen. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads')

/** The folder of the photos when they are files: UPLOADS_DIR, else `DATA_DIR/uploads`. */
export const photosFolder = (config: Pick<Config, 'dataDir' | 'uploadsDir'>) =>
  config.uploadsDir ?? uploadsFolder(config.dataDir)

/**
 * The storage the server keeps uploads in (decision 0023): the folder UPLOADS_DIR names (a disk
 * every server shares); else, on PostgreSQL, the database every server shares; else PGlite's
 * one server's `DATA_DIR/uploads`.
 */
export function createStorage(
  config: Pick<Config, 'dataDir' | 'uploadsDir'>,
  database: Pick<DatabaseHandle, 'kind' | 'db'>,
): Storage {
  if (database.kind === 'postgres' && !config.uploadsDir) return databaseStorage(database.db)
  return localDiskStorage(photosFolder(config))
}
