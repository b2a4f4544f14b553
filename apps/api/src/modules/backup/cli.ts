import { createWriteStream } from 'node:fs'
import { link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { ConfigError, loadConfig } from '../../config'
import { openDatabase, pgliteOptions } from '../../db/client'
import { acquireDataDirLock, DataDirLockedError } from '../../db/data-dir-lock'
import type { CliResult } from '../../lib/cli'
import { photosFolder } from '../../providers/storage'
import { type Backup, BackupFileError, backupArchive, readBackup } from './archive'
import { backupSocketPath } from './channel'

const USAGE = 'Usage: npm run backup [-- FILE]   |   npm run restore FILE'

/** `npm run backup [-- FILE]` and `npm run restore FILE`, with the server's configuration. */
export async function runBackupCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  const [command, file, ...rest] = args
  if (rest.length > 0 || (command === 'restore' && !file)) return { exitCode: 2, message: USAGE }
  try {
    const config = loadConfig(env)
    if (command === 'backup') return await backup(config, file)
    if (command === 'restore' && file) return await restore(config, file)
    return { exitCode: 2, message: USAGE }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      return { exitCode: 1, message: error.message }
    }
    throw error
  }
}

interface Target {
  dataDir: string
  uploadsDir: string | undefined
  databaseUrl?: string | undefined
}

function postgresAdvice(target: Target, tool: 'pg_dump' | 'pg_restore'): CliResult {
  const command =
    tool === 'pg_dump'
      ? 'pg_dump --format=custom --file=portal.dump "$DATABASE_URL"'
      : 'pg_restore --no-owner --dbname="$DATABASE_URL" portal.dump'
  return {
    exitCode: 1,
    message: `DATABASE_URL is set: the database is PostgreSQL's. Use ${command}${target.uploadsDir ? `, and copy the doctor photos in ${target.uploadsDir} with it` : ' (the doctor photos are in the database)'}.`,
  }
}

async function backup(target: Target, file = defaultBackupName()): Promise<CliResult> {
  if (target.databaseUrl) return postgresAdvice(target, 'pg_dump')
  if (await exists(file)) return { exitCode: 1, message: `${file} already exists: name another file.` }
  const partial = `${file}.partial`
  const output = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 })
  try {
    const source = (await fromRunningServer(target, output)) ? 'the running server' : 'the data directory'
    const { manifest } = await readBackup(await readFile(partial))
    // A link, unlike a rename, never replaces a file that appeared meanwhile.
    await link(partial, file)
    const megabytes = ((await stat(file)).size / 1e6).toFixed(1)
    return {
      exitCode: 0,
      message: `Wrote ${file} (${megabytes} MB) from ${source}: the database and ${manifest.uploads} uploaded files.`,
    }
  } catch (error) {
    if (error instanceof BackupFileError) {
      return {
        exitCode: 1,
        message: `The backup failed: the archive ${error.message}. The server's log says why.`,
      }
    }
    throw error
  } finally {
    await rm(partial, { force: true })
  }
}

const defaultBackupName = () => `doctors-portal-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`

/** True when a running server sent the archive; false when none listens, after a backup of its own. */
async function fromRunningServer(target: Target, output: () => NodeJS.WritableStream): Promise<boolean> {
  const { dataDir } = target
  const socket = connect(backupSocketPath(dataDir))
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once('connect', () => resolve(true))
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false)
      else reject(error)
    })
  })
  if (connected) {
    await pipeline(socket, output())
    return true
  }
  // The data directory's lock refuses a server that runs without its socket.
  const database = await openDatabase({ dataDir })
  try {
    await pipeline(Readable.from(backupArchive(database, photosFolder(target))), createGzip(), output())
  } finally {
    await database.close()
  }
  return false
}

async function restore(target: Target, file: string): Promise<CliResult> {
  if (target.databaseUrl) return postgresAdvice(target, 'pg_restore')
  const { dataDir } = target
  const present = await readdir(dataDir).catch(() => [])
  if (present.length > 0) {
    return { exitCode: 1, message: `${dataDir} is not empty: restore into an empty or new DATA_DIR.` }
  }
  if (!(await exists(file))) return { exitCode: 1, message: `${file}: no such file.` }
  let backup: Backup
  try {
    backup = await readBackup(await readFile(file))
  } catch (error) {
    if (error instanceof BackupFileError) return { exitCode: 1, message: `${file} ${error.message}.` }
    throw error
  }
  const release = await acquireDataDirLock(dataDir)
  try {
    const database = await PGlite.create(path.join(dataDir, 'db'), {
      ...pgliteOptions,
      loadDataDir: backup.database,
    })
    await database.close()
    const uploads = photosFolder(target)
    await mkdir(uploads, { recursive: true })
    for (const upload of backup.uploads) await writeFile(path.join(uploads, upload.name), upload.bytes)
  } finally {
    await release()
  }
  return {
    exitCode: 0,
    message: `Restored ${file} (made ${backup.manifest.createdAt}) into ${dataDir}: the database and ${backup.uploads.length} uploaded files.`,
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}
