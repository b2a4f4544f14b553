import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ZodType, z } from 'zod'
import { buildApp } from './app'
import { captureMail } from './test/captured-mail'
import { createAdmin, signUp, type TestAccount } from './test/factories'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

/**
 * No answer anywhere holds a password, a hash or a token. Every route's reply schema is
 * the allow-list of what leaves the server (plugins/response-serializer.ts), so no declared reply
 * may name such a field, except those the client must be handed on purpose.
 */
const SECRET_FIELD = /password|hash|secret|token|refresh|cvc|cardNumber/i
const HANDED_ON_PURPOSE: Record<string, string[]> = {
  'GET /api/jwt': ['token'],
  // The same bearer token, handed with the restored or new session (decision 0053).
  'GET /api/auth/session': ['token'],
  'POST /api/auth/login': ['token'],
  'POST /api/auth/login-link': ['token'],
  'POST /api/auth/register': ['token'],
  'POST /api/create-payment-intent': ['clientSecret'],
  // A yes/no the account page shows, not the password.
  'GET /api/me/export': ['hasPassword'],
}

interface DeclaredReply {
  route: string
  status: string
  schema: ZodType
}

function fieldNames(json: unknown): string[] {
  if (Array.isArray(json)) return json.flatMap(fieldNames)
  if (!json || typeof json !== 'object') return []
  return Object.entries(json).flatMap(([key, value]) => [
    ...(key === 'properties' && value && typeof value === 'object' ? Object.keys(value) : []),
    ...fieldNames(value),
  ])
}

describe('no answer holds a secret', () => {
  let app: FastifyInstance
  let admin: TestAccount
  const replies: DeclaredReply[] = []
  const getRoutes: string[] = []

  beforeAll(async () => {
    app = await buildApp(testConfig(), {
      database: await createTestDatabase(),
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD') continue
          const name = `${method} ${route.url}`
          if (method === 'GET' && !route.url.includes(':')) getRoutes.push(route.url)
          const response = (route.schema?.response ?? {}) as Record<string, ZodType>
          for (const [status, schema] of Object.entries(response))
            replies.push({ route: name, status, schema })
        }
      },
    })
    admin = await createAdmin(app)
    // Accounts with real password hashes, sessions and refresh tokens in the database.
    await signUp(app)
    await signUp(app)
  })
  afterAll(() => app.close())

  test('no declared reply names a password, hash, token or card field', () => {
    expect(replies.length).toBeGreaterThan(20)
    const leaks = replies.flatMap(({ route, status, schema }) =>
      fieldNames(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }))
        .filter((field) => SECRET_FIELD.test(field) && !HANDED_ON_PURPOSE[route]?.includes(field))
        .map((field) => `${route} ${status}: ${field}`),
    )
    expect(leaks).toEqual([])
  })

  test("an admin's GET of every list shows no password hash", async () => {
    const bodies = await Promise.all(
      getRoutes.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: admin.headers })
        return `${url} ${res.statusCode} ${res.body}`
      }),
    )
    expect(bodies.some((body) => body.startsWith('/api/users 200'))).toBe(true)
    expect(bodies.filter((body) => body.includes('$argon2'))).toEqual([])
  })
})
