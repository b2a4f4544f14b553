import type { FastifyBaseLogger } from 'fastify'
import { type BackgroundJob, startBackgroundJob } from '../../lib/background-job'
import { deleteUnusedImages } from './repository'
import type { ImageDeps } from './service'
import { removeImageFiles } from './stored-files'

/** An uploaded image that no doctor uses after a day is removed. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000
/** The first sweep a minute after start (restarts do not put it off), then hourly. */
const FIRST_SWEEP_MS = 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Removes the images uploaded more than a day before `now()` that no doctor uses: their rows,
 * then their files, copies included (a file whose removal failed is left with no row, and never served).
 * Answers their names. Several servers may sweep at once: each row is deleted by one of them.
 */
export async function removeOrphanImages({ db, storage, now }: ImageDeps): Promise<string[]> {
  const names = await deleteUnusedImages(db, new Date(now().getTime() - ORPHAN_AFTER_MS))
  for (const name of names) await removeImageFiles(storage, name)
  return names
}

/** Sweeps a minute after start, then hourly, on a timer that never keeps the process alive. */
export function startOrphanSweeper(deps: ImageDeps & { log: FastifyBaseLogger }): BackgroundJob {
  const sweep = async () => {
    const names = await removeOrphanImages(deps)
    if (names.length > 0) deps.log.info({ removed: names.length }, 'images: unused uploads removed')
  }
  return startBackgroundJob(sweep, {
    name: 'images: the sweep of unused uploads',
    firstAfterMs: FIRST_SWEEP_MS,
    everyMs: SWEEP_EVERY_MS,
    log: deps.log,
  })
}
