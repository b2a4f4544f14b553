import { chmod, mkdir, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '../../db/client'
import { backupArchive } from './archive'

/**
 * The operator's way to a backup while the server runs (decision 0025): PGlite lives in this
 * process, so no other process may open its files. Connecting to this socket is the request;
 * the answer is the gzipped archive, and the socket closes. Only the data directory's owner
 * can reach it: its folder is 0700 and the socket 0600.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'backup.sock')

export interface BackupChannel {
  close(): Promise<void>
}

export async function startBackupChannel(options: {
  database: DatabaseHandle
  dataDir: string
  /** Where the photos are files (`photosFolder`). */
  photosDir: string
  log: FastifyBaseLogger
}): Promise<BackupChannel> {
  const { database, dataDir, photosDir, log } = options
  const socketPath = backupSocketPath(dataDir)
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 })
  await chmod(path.dirname(socketPath), 0o700)
  // Left by a server that crashed: the data directory's lock says no other server runs here.
  await rm(socketPath, { force: true })
  const server = createServer((socket) => {
    log.info('backup requested on the operator socket')
    pipeline(Readable.from(backupArchive(database, photosDir)), createGzip(), socket).then(
      () => log.info({ bytes: socket.bytesWritten }, 'backup sent'),
      (error: unknown) => log.error({ err: error }, 'backup failed'),
    )
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, resolve)
    })
    await chmod(socketPath, 0o600)
  } catch (error) {
    // A backup is then taken with the server stopped; the clinic keeps running meanwhile.
    log.warn({ err: error, socketPath }, 'no backup socket: `npm run backup` needs the server stopped')
    return { close: async () => {} }
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // Waits for a backup in progress: the database closes after this.
        server.close(() => resolve())
      }),
  }
}
