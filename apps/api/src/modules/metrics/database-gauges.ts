import { Gauge, type Registry } from 'prom-client'
import type { DatabaseHandle } from '../../db/client'
import { waitingMail } from '../outbox'

interface DatabaseFacts {
  up: number
  waiting: number
  oldestSeconds: number
  failing: number
}

/** Unknown, not zero: a backlog the database could not be asked about must not look empty. */
const UNANSWERED: DatabaseFacts = {
  up: 0,
  waiting: Number.NaN,
  oldestSeconds: Number.NaN,
  failing: Number.NaN,
}

/**
 * Gauges read from the database when scraped. prom-client collects every metric at once, so the
 * gauges share one query per scrape; when the database does not answer (within the pool's 2 s on
 * PostgreSQL), the scrape still answers, with `portal_database_up 0` and the outbox unknown (NaN).
 */
export function registerDatabaseGauges(registry: Registry, database: DatabaseHandle): void {
  let asking: Promise<DatabaseFacts> | undefined
  const facts = () => {
    asking ??= ask(database).finally(() => {
      asking = undefined
    })
    return asking
  }
  const gauge = (name: string, help: string, read: (facts: DatabaseFacts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await facts()))
      },
    })
  gauge('portal_database_up', 'Whether the database answered this scrape (1) or not (0)', (f) => f.up)
  gauge('portal_outbox_waiting', 'Mails not yet sent nor given up', (f) => f.waiting)
  gauge(
    'portal_outbox_oldest_waiting_seconds',
    'How long the oldest mail not yet sent has waited',
    (f) => f.oldestSeconds,
  )
  gauge(
    'portal_outbox_waiting_after_failure',
    'Mails not yet sent whose last attempt failed',
    (f) => f.failing,
  )
  if (database.poolUse) registerPoolGauges(registry, database.poolUse)
}

async function ask(database: DatabaseHandle): Promise<DatabaseFacts> {
  try {
    const mail = await waitingMail(database.db)
    return { up: 1, waiting: mail.count, oldestSeconds: mail.oldestSeconds, failing: mail.failing }
  } catch {
    return UNANSWERED
  }
}

function registerPoolGauges(registry: Registry, poolUse: NonNullable<DatabaseHandle['poolUse']>): void {
  new Gauge({
    name: 'portal_database_pool_connections',
    help: 'Connections of the PostgreSQL pool, by state (in_use, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = poolUse()
      this.set({ state: 'in_use' }, use.inUse)
      this.set({ state: 'idle' }, use.idle)
    },
  })
  new Gauge({
    name: 'portal_database_pool_waiting',
    help: 'Queries waiting for a connection of the PostgreSQL pool',
    registers: [registry],
    collect() {
      this.set(poolUse().waiting)
    },
  })
}
