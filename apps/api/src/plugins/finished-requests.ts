import type { FastifyInstance } from 'fastify'
import type { AccessLineWriter } from './logger'
import type { RequestHistogram } from './request-histogram'

/** The label of every request no route matched: a scanner's thousand paths stay one series. */
const UNMATCHED_ROUTE = 'unmatched'

/**
 * Every answer, once sent, is timed in the latency histogram by its route's pattern
 * (`/api/booking/:id`, never its URL, so the series stay as few as the routes), and gets its
 * access line when the level writes one. One hook does both and reads the pattern once: each read
 * of `request.routeOptions` builds an object of twelve fields.
 */
export function recordFinishedRequests(
  app: FastifyInstance,
  histogram: RequestHistogram,
  writeAccessLine: AccessLineWriter | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url
    histogram.observe(request.method, route ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000)
    writeAccessLine?.(request, reply, route ?? null)
    done()
  })
}
