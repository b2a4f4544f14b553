import path from 'node:path'
import type { Config } from '../../config'
import { localDiskStorage } from './local-disk'
import type { Storage } from './storage'

export { randomStoredName, STORED_NAME, type Storage } from './storage'

/** The folder of DATA_DIR that holds uploaded images. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads')

/** The storage the server keeps uploads in: `DATA_DIR/uploads` (object storage would be chosen here). */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return localDiskStorage(uploadsFolder(config.dataDir))
}
