import autocannon from 'autocannon'

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

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Alternates A and B for `rounds` rounds (ABBA…) so drift on a shared machine hits both
 * equally, and reports the medians.
 */
export async function compare(rounds, runA, runB) {
  const a = []
  const b = []
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      a.push(await runA())
      b.push(await runB())
    } else {
      b.push(await runB())
      a.push(await runA())
    }
  }
  const summarize = (runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  })
  return { a: summarize(a), b: summarize(b) }
}
