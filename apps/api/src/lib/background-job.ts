import type { FastifyBaseLogger } from 'fastify'

export interface BackgroundJob {
  /** Stops the timer and waits for a run in progress (call it before the database closes). */
  close(): Promise<void>
}

interface Schedule {
  /** Named in the log line of a failed run. */
  name: string
  firstAfterMs: number
  everyMs: number
  log: FastifyBaseLogger
}

/**
 * Runs `job` after `firstAfterMs`, then every `everyMs` after the last run ended, on a timer that
 * never keeps the process alive. A failed run is logged and the next one comes as planned.
 */
export function startBackgroundJob(job: () => Promise<void>, schedule: Schedule): BackgroundJob {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const plan = (delay: number) => {
    timer = setTimeout(() => {
      running = job()
        .catch((error: unknown) => schedule.log.error({ err: error }, `${schedule.name} failed`))
        .finally(() => {
          if (timer) plan(schedule.everyMs)
        })
    }, delay)
    timer.unref()
  }
  plan(schedule.firstAfterMs)
  return {
    async close() {
      clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
