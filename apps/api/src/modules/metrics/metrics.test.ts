import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { openPostgres } from '../../db/client'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { cancelBooking, payWithSandbox, pricedBooking } from '../../test/payment-kit'
import { startTcpProxy } from '../../test/tcp-proxy'
import { createTestApp, createTestAppOn } from '../../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../../test/test-database'
import { writeMail } from '../outbox'

const TOKEN = 'a-scraper-token-of-some-length'
const INTERNET = '203.0.113.9'
/** The outbox sends only when a test drains it, so waiting mail stays waiting. */
const DRAIN_ONLY = { quietMs: 3_600_000, maxWaitMs: 3_600_000, pollMs: 3_600_000 }

/** The value of one sample of Prometheus's text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

let app: FastifyInstance
beforeAll(async () => {
  const now = testClock('Asia/Dhaka', TODAY, '09:10').now
  app = await createTestApp({ METRICS_TOKEN: TOKEN }, { now, outboxTiming: DRAIN_ONLY })
})
afterAll(() => app.close())

const scrape = (options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
  app.inject({ method: 'GET', url: '/api/metrics', ...options })

async function metricsText(): Promise<string> {
  const res = await scrape()
  expect(res.statusCode).toBe(200)
  return res.body
}

describe('who may read the metrics', () => {
  test('loopback may, without a token: Prometheus text with the process and the app', async () => {
    const res = await scrape({ remoteAddress: '127.0.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.body).toContain('# TYPE process_resident_memory_bytes gauge')
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge')
    expect(res.body).toContain('# TYPE portal_http_request_duration_seconds histogram')
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200)
  })

  test('anyone else gets the 404 of an unknown path, without a token or with a wrong one', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-path', remoteAddress: INTERNET })
    expect(unknown.statusCode).toBe(404)
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape({ remoteAddress: INTERNET, headers: authorization ? { authorization } : {} })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(unknown.json())
    }
  })

  test('the token opens it from anywhere', async () => {
    const res = await scrape({ remoteAddress: INTERNET, headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('portal_bookings_made_total')
  })

  test('a request the proxy on loopback forwarded is not local', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await scrape({ remoteAddress: '127.0.0.1', headers: { [header]: INTERNET } })
      expect(res.statusCode).toBe(404)
    }
    const withToken = await scrape({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': INTERNET, authorization: `Bearer ${TOKEN}` },
    })
    expect(withToken.statusCode).toBe(200)
  })

  test('behind TRUST_PROXY, the forwarded address does not make a request local either', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' })
    try {
      const res = await proxied.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await proxied.close()
    }
  })
})

describe('what the metrics count', () => {
  test('bookings made, and refused by their error code', async () => {
    const [first, second] = [await createAccount(app), await createAccount(app)]
    const before = await metricsText()
    const slot = { appointmentDate: day(2), slot: '11:00 AM - 11:30 AM' }
    expect((await book(app, first, slot)).statusCode).toBe(201)
    expect((await book(app, second, slot)).statusCode).toBe(409)
    const after = await metricsText()
    const made = 'portal_bookings_made_total'
    const taken = 'portal_bookings_refused_total{reason="SLOT_TAKEN"}'
    expect(sample(after, made)).toBe((sample(before, made) ?? 0) + 1)
    expect(sample(after, taken)).toBe((sample(before, taken) ?? 0) + 1)
  })

  test('payments recorded and refunds made', async () => {
    const before = await metricsText()
    const { patient, bookingId } = await pricedBooking(app)
    await payWithSandbox(app, patient, bookingId)
    expect((await cancelBooking(app, patient, bookingId)).statusCode).toBe(200)
    const after = await metricsText()
    const recorded = 'portal_payments_recorded_total'
    const refunded = 'portal_refunds_total{result="made"}'
    expect(sample(after, recorded)).toBe((sample(before, recorded) ?? 0) + 1)
    expect(sample(after, refunded)).toBe((sample(before, refunded) ?? 0) + 1)
  })

  test('requests are timed by route pattern, never by URL; paths of no route are one series', async () => {
    const patient = await createAccount(app)
    const id = '00000000-0000-4000-8000-000000000000'
    await app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: patient.headers })
    await app.inject({ method: 'GET', url: `/api/not-a-route/${id}` })
    const text = await metricsText()
    const route = 'method="GET",route="/api/booking/:id",status_code="404"'
    expect(sample(text, `portal_http_request_duration_seconds_count{${route}}`)).toBeGreaterThanOrEqual(1)
    expect(
      sample(text, `portal_http_request_duration_seconds_bucket{le="+Inf",${route}}`),
    ).toBeGreaterThanOrEqual(1)
    const unmatched = 'method="GET",route="unmatched",status_code="404"'
    expect(sample(text, `portal_http_request_duration_seconds_count{${unmatched}}`)).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain(id)
  })

  test('the outbox gauge counts a mail waiting to be sent', async () => {
    const before = await metricsText()
    await writeMail(app.database.db, 'password_reset', {
      to: 'a@example.test',
      subject: 'Reset',
      text: 'link',
    })
    const after = await metricsText()
    expect(sample(after, 'portal_database_up')).toBe(1)
    expect(sample(after, 'portal_outbox_waiting')).toBe((sample(before, 'portal_outbox_waiting') ?? 0) + 1)
    expect(sample(after, 'portal_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0)
    expect(sample(after, 'portal_outbox_waiting_after_failure')).toBe(0)
  })

  test('the pool is measured on PostgreSQL only (PGlite has none)', async () => {
    const inUse = sample(await metricsText(), 'portal_database_pool_connections{state="in_use"}')
    if (testDatabaseKind === 'postgres') expect(inUse).toBeGreaterThanOrEqual(0)
    else expect(inUse).toBeUndefined()
  })
})

test('with the database gone, the scrape still answers: database down, outbox unknown', async () => {
  const broken = await createTestApp()
  await broken.database.close()
  try {
    const res = await broken.inject({ method: 'GET', url: '/api/metrics' })
    expect(res.statusCode).toBe(200)
    expect(sample(res.body, 'portal_database_up')).toBe(0)
    expect(sample(res.body, 'portal_outbox_waiting')).toBeNaN()
    expect(res.body).toContain('process_resident_memory_bytes')
  } finally {
    await broken.close().catch(() => {})
  }
})

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL cut away and back', () => {
  test('the scrape answers while it is gone or silent, and sees it back', async () => {
    const shared = await createSharedPostgresDatabase()
    const url = new URL(shared.url)
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    const cutOff = await createTestAppOn(await openPostgres(url.toString()))
    const databaseUp = async () => {
      const res = await cutOff.inject({ method: 'GET', url: '/api/metrics' })
      expect(res.statusCode).toBe(200)
      return sample(res.body, 'portal_database_up')
    }
    try {
      expect(await databaseUp()).toBe(1)
      for (const failure of [() => proxy.cut(), () => proxy.stall()]) {
        failure()
        expect(await databaseUp()).toBe(0)
        proxy.restore()
        await vi.waitFor(async () => expect(await databaseUp()).toBe(1), { timeout: 10_000, interval: 200 })
      }
    } finally {
      await cutOff.close()
      await proxy.close()
      await shared.drop()
    }
  })
})
