import type { FastifyInstance, FastifyReply } from 'fastify'

/** How long a closing server waits for handlers still running before it closes the database. */
export const HANDLER_GRACE_MS = 5_000

export interface RunningHandlers {
  /** Resolves once no route handler runs, or after `graceMs` with how many still did. */
  finished(graceMs?: number): Promise<number>
}

/**
 * A closing server finishes what it accepted (decision 0052). Fastify's close waits for open
 * connections only: a handler whose client has gone (a closed tab, a proxy's timeout) kept running
 * while the database closed under it ("PGlite is closed", a 500 in the log, its work undone). Each
 * route's handler is counted while it runs, and the database's close waits for the count to reach
 * zero (`finished`, from an onClose hook added after the database's: hooks run last added first).
 * An answer sent while the server closes says `Connection: close`, so its connection ends with it
 * instead of idling into the close, where a client's next request on it would be reset.
 *
 * Call before any route is added: the handlers are wrapped as routes are added.
 */
export function trackRunningHandlers(app: FastifyInstance): RunningHandlers {
  const running = new Set<FastifyReply>()
  let whenIdle: (() => void) | undefined
  const settled = (reply: FastifyReply) => {
    running.delete(reply)
    if (running.size === 0) whenIdle?.()
  }

  app.addHook('onRoute', (route) => {
    const handler = route.handler
    // Left synchronous for a handler that is: made async, one that sends later (a static file)
    // would have its undefined sent at once. Such handlers do not use the database.
    route.handler = function countedHandler(this: FastifyInstance, request, reply) {
      const result = handler.call(this, request, reply)
      if (!(result instanceof Promise)) return result
      running.add(reply)
      // Beside the handler's promise, not in its place: Fastify's answer waits for no extra step.
      const settle = () => settled(reply)
      result.then(settle, settle)
      return result
    }
  })
  // Fastify itself answers a request that arrives once the close has begun with `Connection: close`.
  app.addHook('preClose', (done) => {
    for (const reply of running) if (!reply.raw.headersSent) reply.raw.setHeader('Connection', 'close')
    done()
  })

  return {
    finished(graceMs = HANDLER_GRACE_MS) {
      if (running.size === 0) return Promise.resolve(0)
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(running.size), graceMs)
        whenIdle = () => {
          clearTimeout(timer)
          resolve(0)
        }
      })
    },
  }
}
