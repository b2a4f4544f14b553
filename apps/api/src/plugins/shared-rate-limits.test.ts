import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { queryRows } from '../db/client'
import { failedSignInsInTurn } from '../test/sign-in-kit'
import { createTestAppOn } from '../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../test/test-database'
import { sweepRateLimits } from './shared-rate-limit-store'

// Servers behind one load balancer share one budget per address: the limit counts every
// server's requests, or an attacker gets the limit once per server.
describe.runIf(testDatabaseKind === 'postgres')('rate limits on two servers of one PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof createSharedPostgresDatabase>>
  let servers: FastifyInstance[]

  beforeAll(async () => {
    shared = await createSharedPostgresDatabase()
    const env = { SESSION_SECRET: randomBytes(32).toString('hex') }
    const start = async () => createTestAppOn(await shared.open(), env)
    servers = [await start(), await start()]
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    await shared?.drop()
  })

  test('the sign-in limit of one address (20 a minute) counts the requests of both servers', async () => {
    const statuses = await failedSignInsInTurn(servers, 24, '198.51.100.77')
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20)
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429])
  })

  test('the hourly sweep removes the counters whose window ended, and keeps the others', async () => {
    const [server] = servers as [FastifyInstance]
    const db = server.database.db
    await db.execute(sql`INSERT INTO rate_limit_hits (key, hits, resets_at) VALUES
      ('ended', 3, now() - interval '1 second'), ('running', 3, now() + interval '1 minute')`)
    await sweepRateLimits(db)
    const keys = await queryRows<{ key: string }>(
      db,
      sql`SELECT key FROM rate_limit_hits WHERE key IN ('ended', 'running')`,
    )
    expect(keys).toEqual([{ key: 'running' }])
  })
})
