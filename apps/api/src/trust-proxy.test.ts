import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from './db/schema'
import { rateLimits } from './modules/accounts'
import { nextAddress, uniqueEmail } from './test/factories'
import { createTestApp } from './test/test-app'

const PROXY = '10.0.0.5'

/** A failed sign-in; the audit log keeps the address the server saw. */
async function addressSeenBy(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  const email = uniqueEmail('proxy')
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Wrong1!guess' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  })
  const [entry] = await app.database.db
    .select({ address: auditLog.address })
    .from(auditLog)
    .where(and(eq(auditLog.email, email), eq(auditLog.event, 'login_failed')))
  return entry?.address
}

/** Reset-mail requests until the per-address limit answers 429; the statuses in order. */
async function resetRequests(app: FastifyInstance, remoteAddress: string, forwardedFor: () => string) {
  const statuses: number[] = []
  for (let request = 0; request <= rateLimits.passwordReset.max; request++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: uniqueEmail('reset') },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor() },
    })
    statuses.push(res.statusCode)
  }
  return statuses
}

const limitedOnLast = (statuses: number[]) => statuses.at(-1) === 429 && !statuses.slice(0, -1).includes(429)

describe('TRUST_PROXY unset', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app.close())

  test('X-Forwarded-For is ignored: the audit log and the rate limits use the socket address', async () => {
    const socket = nextAddress()
    expect(await addressSeenBy(app, socket, '203.0.113.7')).toBe(socket)
    let client = 0
    const other = nextAddress()
    expect(limitedOnLast(await resetRequests(app, other, () => `203.0.113.${++client}`))).toBe(true)
  })
})

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ TRUST_PROXY: `${PROXY}, 192.168.10.0/24` })
  })
  afterAll(() => app.close())

  test('a request through a trusted proxy gets the forwarded client address', async () => {
    expect(await addressSeenBy(app, PROXY, '203.0.113.7')).toBe('203.0.113.7')
    expect(await addressSeenBy(app, '192.168.10.20', '198.51.100.1, 203.0.113.8')).toBe('203.0.113.8')
  })

  test('two clients behind the one proxy have rate limits of their own', async () => {
    expect(limitedOnLast(await resetRequests(app, PROXY, () => '203.0.113.20'))).toBe(true)
    const second = await resetRequests(app, PROXY, () => '203.0.113.21')
    expect(second.slice(0, rateLimits.passwordReset.max)).not.toContain(429)
  })

  test('a request from an address that is not a trusted proxy cannot choose its address', async () => {
    const stranger = nextAddress()
    expect(await addressSeenBy(app, stranger, '203.0.113.30')).toBe(stranger)
    let client = 100
    expect(limitedOnLast(await resetRequests(app, stranger, () => `203.0.113.${++client}`))).toBe(true)
  })

  test('a forged address in front of the proxy is not believed', async () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
    expect(await addressSeenBy(app, PROXY, '1.2.3.4, 203.0.113.40')).toBe('203.0.113.40')
  })
})

describe('TRUST_PROXY as a hop count', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ TRUST_PROXY: '1' })
  })
  afterAll(() => app.close())

  test('the address one hop back is the client', async () => {
    expect(await addressSeenBy(app, nextAddress(), '1.2.3.4, 203.0.113.50')).toBe('203.0.113.50')
    expect(await addressSeenBy(app, nextAddress(), '203.0.113.51')).toBe('203.0.113.51')
  })
})
