import type { FastifyBaseLogger } from 'fastify'
import { deleteUnusedImages } from './repository'
import type { ImageDeps } from './service'

/** Issue 13: an uploaded image that no doctor uses after a day is removed. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000
/** The first sweep a minute after start (restarts do not put it off), then hourly. */
const FIRST_SWEEP_MS = 60 * 1000
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Removes the images uploaded more than a day before `now()` that no doctor uses: their rows,
 * then their files (a file whose removal failed is left with no row, and never served).
 * Answers their names. Several servers may sweep at once: each row is deleted by one of them.
 */
export async function removeOrphanImages({ db, storage, now }: ImageDeps): Promise<string[]> {
  const names = await deleteUnusedImages(db, new Date(now().getTime() - ORPHAN_AFTER_MS))
  for (const name of names) await storage.remove(name)
  return names
}

export interface OrphanSweeper {
  /** Stops the timer and waits for a sweep in progress (before the database closes). */
  close(): Promise<void>
}

/** Sweeps on a timer that never keeps the process alive. */
export function startOrphanSweeper(deps: ImageDeps & { log: FastifyBaseLogger }): OrphanSweeper {
  let sweeping: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      sweeping = removeOrphanImages(deps)
        .then((names) => {
          if (names.length > 0) deps.log.info({ removed: names.length }, 'images: unused uploads removed')
        })
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'images: the sweep of unused uploads failed'),
        )
        .finally(() => {
          if (timer) schedule(SWEEP_EVERY_MS)
        })
    }, delay)
    timer.unref()
  }
  schedule(FIRST_SWEEP_MS)
  return {
    async close() {
      clearTimeout(timer)
      timer = undefined
      await sweeping
    },
  }
}
