import { Counter, collectDefaultMetrics, Registry } from 'prom-client'
import { RequestHistogram } from './request-histogram'

/** Around the budgets (25 ms for reads, 100 ms for bookings and payments), and the slow tail. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

let processRegistry: Registry | undefined

/**
 * Memory, CPU, event-loop delay and garbage collection belong to the process, not to one app:
 * measured once however many apps a process builds (tests build dozens), since the event-loop
 * and GC monitors prom-client starts can never be stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/**
 * The app's Prometheus metrics (decision 0024). Modules record into the counters; the metrics
 * module adds gauges read on scrape and serves `scrape()` at GET /api/metrics.
 */
export function createMetrics() {
  const registry = new Registry()
  const registers = [registry]
  const processWide = processMetrics()
  const requests = new RequestHistogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    buckets: LATENCY_BUCKETS,
  })
  return {
    registry,
    contentType: registry.contentType,
    scrape: async () =>
      `${await processWide.metrics()}${await registry.metrics()}\n${requests.exposition()}\n`,
    requests,
    bookingsMade: new Counter({ name: 'portal_bookings_made_total', help: 'Bookings made', registers }),
    bookingsRefused: new Counter({
      name: 'portal_bookings_refused_total',
      help: 'Booking attempts refused, by error code',
      labelNames: ['reason'] as const,
      registers,
    }),
    paymentsRecorded: new Counter({
      name: 'portal_payments_recorded_total',
      help: 'Card payments recorded for a booking',
      registers,
    }),
    refunds: new Counter({
      name: 'portal_refunds_total',
      help: 'Full refunds this server asked the payment provider for, by result (made or failed)',
      labelNames: ['result'] as const,
      registers,
    }),
    mailFailures: new Counter({
      name: 'portal_outbox_send_failures_total',
      help: 'Mails that could not be sent, by outcome (retry later or given up)',
      labelNames: ['outcome'] as const,
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>
