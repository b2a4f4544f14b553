import autocannon from 'autocannon'
import { alternate, median } from './rounds.mjs'

/** One autocannon run; returns requests per second and made, p99 latency (ms) and the non-2xx count. */
export async function load(options) {
  const result = await autocannon({ connections: 10, ...(options.amount ? {} : { duration: 5 }), ...options })
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  }
}

/**
 * What a browser sends with a request for JSON: it always accepts gzip, so the API answers with
 * the compressed form of a prepared body, and the bench measures what patients get.
 */
export const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }

/** Load runs of A and B alternated for `rounds` rounds; each side's medians and its errors. */
export async function compare(rounds, runA, runB) {
  const { a, b } = await alternate(rounds, runA, runB)
  const summarize = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  })
  return { a: summarize(a), b: summarize(b) }
}
