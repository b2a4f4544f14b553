import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
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

test('responses carry a strict Content-Security-Policy and no CORS allowance', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })
  expect(res.headers['content-security-policy']).toContain("script-src 'self'")
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['access-control-allow-origin']).toBeUndefined()
})
