import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, test } from 'vitest'
import { createTestAppOn } from '../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../test/test-database'
import { queryRows } from './client'
import { demoTreatments } from './seed'

// Servers behind a load balancer start together, on an empty database the first time: each
// must come up, and the migrations, the demo clinic and the first admin must be made once.
test.runIf(testDatabaseKind === 'postgres')(
  'three servers started at the same moment on an empty PostgreSQL all come up, and prepare it once',
  async () => {
    const shared = await createSharedPostgresDatabase('template0')
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: 'owner@example.test',
      ADMIN_PASSWORD: 'Sm1le!Bright',
    }
    const start = async () => createTestAppOn(await shared.open(), env)
    const started = await Promise.allSettled([start(), start(), start()])
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    try {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual([
        'up',
        'up',
        'up',
      ])
      const [first] = servers as [FastifyInstance]
      const count = async (query: ReturnType<typeof sql>) =>
        (await queryRows<{ n: number }>(first.database.db, query))[0]?.n
      expect(await count(sql`SELECT count(*)::int AS n FROM treatments`)).toBe(demoTreatments.length)
      expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`)).toBe(1)
      expect(await count(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toBeGreaterThan(
        10,
      )
      for (const server of servers) {
        expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()))
      await shared.drop()
    }
  },
)
