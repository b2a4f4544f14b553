import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createTestApp } from '../../test/test-app'
import { testDatabaseKind } from '../../test/test-database'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

test('health answers ok and names the database it just queried', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ status: 'ok', database: testDatabaseKind })
})

test('API answers carry the OWASP REST security headers and no CORS allowance', async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { origin: 'https://evil.example' },
  })
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['cache-control']).toBe('no-store')
  expect(res.headers['access-control-allow-origin']).toBeUndefined()
})

test('health turns 503 when the database stops answering', async () => {
  const broken = await createTestApp()
  const now = Date.now()
  await broken.database.close()
  const later = vi.spyOn(Date, 'now').mockReturnValue(now + 10_000)
  try {
    const res = await broken.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ code: 'DATABASE_DOWN', message: 'The database is not answering.' })
  } finally {
    later.mockRestore()
    // Its database is closed already; closing the app stops the probe timer and the server.
    await broken.close().catch(() => {})
  }
})
