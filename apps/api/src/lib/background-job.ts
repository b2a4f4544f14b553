import type { FastifyBaseLogger } from 'fastify'

export interface BackgroundJob {
  /**
   * Runs the job within `SOON_MS` instead of at its next turn (something it acts on has changed).
   * Calls in a burst make one run; a call during a run makes one more after it.
   */
  runSoon(): void
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

/** How long `runSoon` waits, so that a burst of changes (a booking rush) makes one run. */
export const SOON_MS = 1000

/**
 * Runs `job` after `firstAfterMs`, then every `everyMs` after the last run ended, on a timer that
 * never keeps the process alive. A failed run is logged and the next one comes as planned.
 */
export function startBackgroundJob(job: () => Promise<void>, schedule: Schedule): BackgroundJob {
  let closed = false
  let running: Promise<void> | undefined
  let runAgain = false
  let timer: NodeJS.Timeout | undefined
  let dueAt = 0

  function plan(delay: number) {
    clearTimeout(timer)
    dueAt = Date.now() + delay
    timer = setTimeout(run, delay)
    timer.unref()
  }

  function run() {
    running = job()
      .catch((error: unknown) => schedule.log.error({ err: error }, `${schedule.name} failed`))
      .finally(() => {
        running = undefined
        if (closed) return
        plan(runAgain ? SOON_MS : schedule.everyMs)
        runAgain = false
      })
  }

  plan(schedule.firstAfterMs)
  return {
    runSoon() {
      if (closed) return
      if (running) runAgain = true
      else if (dueAt - Date.now() > SOON_MS) plan(SOON_MS)
    },
    async close() {
      closed = true
      clearTimeout(timer)
      await running
    },
  }
}
