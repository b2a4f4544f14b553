import { Histogram, Registry } from 'prom-client'
import { expect, test } from 'vitest'
import { RequestHistogram } from './request-histogram'

const BUCKETS = [0.001, 0.0025, 0.01, 0.1, 1]

/** prom-client's own histogram, which GET /api/metrics served before, as the reference. */
async function promClientText(observations: [string, string, number, number][]): Promise<string> {
  const registry = new Registry()
  const histogram = new Histogram({
    name: 'portal_test_seconds',
    help: 'Time to answer',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [registry],
  })
  for (const [method, route, status, seconds] of observations)
    histogram.labels(method, route, String(status)).observe(seconds)
  return (await registry.metrics()).trimEnd()
}

test('prints the same samples as prom-client for the same observations, bounds and escapes included', async () => {
  const observations: [string, string, number, number][] = [
    ['GET', '/api/health', 200, 0.0004],
    ['GET', '/api/health', 200, 0.001],
    ['GET', '/api/health', 200, 0.0011],
    ['POST', '/api/booking', 409, 0.05],
    ['GET', '/api/health', 200, 3.5],
    ['GET', 'unmatched', 404, 0.0025],
    ['GET', '/api/odd\\route"with\nbreak', 500, 0.2],
  ]
  const ours = new RequestHistogram({ name: 'portal_test_seconds', help: 'Time to answer', buckets: BUCKETS })
  for (const [method, route, status, seconds] of observations) ours.observe(method, route, status, seconds)
  expect(ours.exposition()).toBe(await promClientText(observations))
})

test('with no request yet it prints only its HELP and TYPE lines', async () => {
  const ours = new RequestHistogram({ name: 'portal_test_seconds', help: 'Time to answer', buckets: BUCKETS })
  expect(ours.exposition()).toBe(await promClientText([]))
})
