import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { DatabaseHandle } from '../../db/client'
import { readTar, TAR_END, type TarFile, tarFile } from '../../lib/tar'
import { STORED_NAME } from '../../providers/storage'

/**
 * A backup is one gzipped tar: `manifest.json`, `database.tar` (PGlite's data directory, as
 * `dumpDataDir` writes it) and `uploads/<name>` for each stored file.
 */
const FORMAT = 'doctors-portal-backup/1'
const DATABASE_ENTRY = 'database.tar'
const UPLOADS_PREFIX = 'uploads/'

interface Manifest {
  format: typeof FORMAT
  createdAt: string
  uploads: number
}

export interface Backup {
  manifest: Manifest
  database: Blob
  uploads: TarFile[]
}

/**
 * The archive's tar blocks, for a stream to gzip. The uploads are read in the same pause of
 * queries as the database is copied: a photo removed a moment later is still in the archive
 * whenever the copied database names it.
 */
export async function* backupArchive(database: DatabaseHandle, uploadsDir: string): AsyncGenerator<Buffer> {
  if (!database.snapshot) throw new Error('only the embedded database is backed up this way')
  const { dataDir, alongside: uploads } = await database.snapshot(() => readUploads(uploadsDir))
  const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), uploads: uploads.length }
  yield* tarFile({ name: 'manifest.json', bytes: Buffer.from(JSON.stringify(manifest)) })
  yield* tarFile({ name: DATABASE_ENTRY, bytes: new Uint8Array(await dataDir.arrayBuffer()) })
  for (const upload of uploads) yield* tarFile(upload)
  yield TAR_END
}

async function readUploads(folder: string): Promise<TarFile[]> {
  const names = await readdir(folder).catch(() => [] as string[])
  const files = await Promise.all(
    names
      .filter((name) => STORED_NAME.test(name))
      .map(async (name) => {
        // Removed since the listing (its row was deleted before the copy): not in the backup.
        const bytes = await readFile(path.join(folder, name)).catch(() => undefined)
        return bytes && { name: `${UPLOADS_PREFIX}${name}`, bytes }
      }),
  )
  return files.filter((file) => file !== undefined)
}

export class BackupFileError extends Error {}

/** A backup file's parts; refuses a cut-off or foreign file, and any upload name not ours. */
export async function readBackup(gzipped: Buffer): Promise<Backup> {
  let files: TarFile[]
  try {
    files = readTar(await promisify(gunzip)(gzipped))
  } catch {
    throw new BackupFileError('is not a whole backup (cut off or not made by npm run backup)')
  }
  const [first, second, ...rest] = files
  const manifest = first?.name === 'manifest.json' ? parseManifest(first.bytes) : undefined
  if (!manifest || second?.name !== DATABASE_ENTRY)
    throw new BackupFileError('is not a backup made by npm run backup')
  const uploads = rest.map(({ name, bytes }) => {
    const stored = name.slice(UPLOADS_PREFIX.length)
    if (!name.startsWith(UPLOADS_PREFIX) || !STORED_NAME.test(stored))
      throw new BackupFileError(`holds an unexpected file: ${name}`)
    return { name: stored, bytes }
  })
  if (uploads.length !== manifest.uploads) throw new BackupFileError('is missing uploaded files')
  return { manifest, database: new Blob([second.bytes]), uploads }
}

function parseManifest(bytes: Uint8Array): Manifest | undefined {
  try {
    const manifest = JSON.parse(Buffer.from(bytes).toString('utf8')) as Manifest
    return manifest.format === FORMAT ? manifest : undefined
  } catch {
    return undefined
  }
}
