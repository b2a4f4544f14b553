import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Db } from '../db/client'
import { queryRows } from '../db/client'
import { failedSignInsInTurn } from '../test/sign-in-kit'
import { createTestAppOn } from '../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../test/test-database'
import { sharedRateLimitStore, sweepRateLimits } from './shared-rate-limit-store'

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

  test('a rush of requests is counted by two statements, each request answered with its place in the count', async () => {
    const [server] = servers as [FastifyInstance]
    let statements = 0
    const counting = {
      execute: (query: Parameters<Db['execute']>[0]) => {
        statements++
        return server.database.db.execute(query)
      },
    } as unknown as Db
    const Store = sharedRateLimitStore(counting)
    const store = new Store({}).child({ routeInfo: { method: 'POST', url: '/rush' } })
    const key = `rush-${randomBytes(4).toString('hex')}`
    const hit = (hitKey: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          hitKey,
          (error, counted) => (error || !counted ? reject(error) : resolve(counted)),
          60_000,
        ),
      )
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => hit(key)),
      hit(`${key}-other`),
      hit(`${key}-other`),
    ])
    expect(statements).toBe(2)
    expect(answers.map((answer) => answer.current)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i + 1),
      1,
      2,
    ])
    expect(answers.every((answer) => answer.ttl > 58_000 && answer.ttl <= 60_000)).toBe(true)
    expect((await hit(key)).current).toBe(21)
  })
})
