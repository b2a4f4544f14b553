import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { refusal } from '../test/refusal'
import { startTcpProxy } from '../test/tcp-proxy'
import { createTestAppOn } from '../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../test/test-database'
import { openPostgres } from './client'

// PostgreSQL unreachable mid-run (stopped, a network cut): the server answers 503 at once and
// stays up, and everything works again by itself when the database is back.
describe.runIf(testDatabaseKind === 'postgres')('the database goes away and comes back', () => {
  let shared: Awaited<ReturnType<typeof createSharedPostgresDatabase>>
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let app: FastifyInstance

  beforeAll(async () => {
    shared = await createSharedPostgresDatabase()
    const url = new URL(shared.url)
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    app = await createTestAppOn(await openPostgres(url.toString()))
  })
  afterAll(async () => {
    await app?.close()
    await proxy?.close()
    await shared?.drop()
  })

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'Wrong!Pass1' },
    })

  test('requests answer 503 DATABASE_DOWN within 2 s, health says why, and all recovers', async () => {
    expect((await signIn()).statusCode).toBe(401)
    proxy.cut()

    const started = Date.now()
    expect(refusal(await signIn())).toEqual({ status: 503, code: 'DATABASE_DOWN' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(refusal(await app.inject({ method: 'GET', url: '/api/doctors' }))).toMatchObject({ status: 401 })
    await vi.waitFor(
      async () => {
        const health = await app.inject({ method: 'GET', url: '/api/health' })
        expect(health.statusCode).toBe(503)
        expect(health.json()).toEqual({ code: 'DATABASE_DOWN', message: 'The database is not answering.' })
      },
      { timeout: 10_000, interval: 200 },
    )

    proxy.restore()
    await vi.waitFor(async () => expect((await signIn()).statusCode).toBe(401), {
      timeout: 10_000,
      interval: 200,
    })
    await vi.waitFor(
      async () => expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200),
      { timeout: 10_000, interval: 200 },
    )
  })

  test('a database that stops answering: 503 within about 2 s, and all recovers', async () => {
    expect((await signIn()).statusCode).toBe(401)
    proxy.stall()
    const started = Date.now()
    expect(refusal(await signIn())).toEqual({ status: 503, code: 'DATABASE_DOWN' })
    expect(Date.now() - started).toBeLessThan(3_000)
    proxy.restore()
    await vi.waitFor(async () => expect((await signIn()).statusCode).toBe(401), {
      timeout: 10_000,
      interval: 200,
    })
  })
})
