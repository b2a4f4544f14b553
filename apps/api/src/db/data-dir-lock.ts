import { mkdir, open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it.
 * The first server writes its pid into a lock file; a second one refuses to start, unless the
 * pid in the file is no longer running (a crash left the lock behind).
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10)
      if (isRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server (pid ${owner}). Stop it first, or set DATA_DIR to another directory.`,
        )
      }
      await rm(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`)
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
