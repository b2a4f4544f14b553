import type { FastifyInstance } from 'fastify'

/**
 * Work that only prepares for later requests (a practice booking, the dummy password hash, the
 * list of common passwords) runs this long after the server starts listening. Run right at
 * listen, on one core, it held up the first answers of a start by ~300 ms.
 */
const AFTER_LISTENING_MS = 2_000

/** Runs `work` a moment after listening (never, if the server closes first); a failure is logged. */
export function soonAfterListening(app: FastifyInstance, what: string, work: () => unknown): void {
  let timer: NodeJS.Timeout | undefined
  app.addHook('onListen', async () => {
    timer = setTimeout(async () => {
      try {
        await work()
      } catch (error) {
        app.log.warn({ err: error }, `${what} failed`)
      }
    }, AFTER_LISTENING_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearTimeout(timer))
}
