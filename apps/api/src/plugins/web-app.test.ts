import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'

let app: FastifyInstance
let webDir: string
beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'portal-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Doctors Portal</title></head><body></body></html>',
  )
  await writeFile(path.join(webDir, 'assets', 'index-a1b2c3.js'), 'console.log(1)')
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *')
  await mkdir(path.join(webDir, '.vite'))
  await writeFile(path.join(webDir, '.vite', 'manifest.json'), '{}')
  await writeFile(
    path.join(webDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/dashboard': ['assets/dashboard-layout-d1.js', 'assets/my-appointments-page-m1.js'],
      '/dashboard/payment/:id': ['assets/dashboard-layout-d1.js', 'assets/payment-page-p1.js'],
    }),
  )
  app = await buildApp(testConfig(), { database: await createTestDatabase(), logger: false, webDir })
})
afterAll(async () => {
  await app.close()
  await rm(webDir, { recursive: true, force: true })
})

const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

test('hashed assets are cached for a year', async () => {
  const res = await get('/assets/index-a1b2c3.js')
  expect(res.statusCode).toBe(200)
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
})

test('index.html is served for / and always revalidated', async () => {
  const res = await get('/')
  expect(res.statusCode).toBe(200)
  expect(res.body).toContain('<title>Doctors Portal</title>')
  expect(res.headers['cache-control']).toBe('no-cache')
  const csp = res.headers['content-security-policy']
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toContain('unsafe-eval')
  expect(csp).toContain("frame-ancestors 'none'")
  expect(res.headers['x-content-type-options']).toBe('nosniff')
})

test("the app's pages fall back to index.html", async () => {
  for (const url of ['/about', '/dashboard/payment/123', '/Team/', '/appointment?date=2026-11-30']) {
    const res = await get(url)
    expect(res.statusCode, url).toBe(200)
    expect(res.body).toContain('<title>Doctors Portal</title>')
    expect(res.headers['cache-control']).toBe('no-cache')
  }
})

test('an address that is no page of the app is a 404, with the app to say Page not found', async () => {
  for (const url of ['/abuot', '/no-such-page', '/dashboard/payment', '/dashboard/nope/deeper']) {
    const res = await get(url)
    expect(res.statusCode, url).toBe(404)
    expect(res.body).toContain('<title>Doctors Portal</title>')
    expect(res.headers['cache-control']).toBe('no-cache')
  }
})

test('the fallback never swallows an unknown API path', async () => {
  const res = await get('/api/unknown/thing')
  expect(res.statusCode).toBe(404)
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
})

test("the build's own notes are not served", async () => {
  const res = await get('/.vite/manifest.json')
  expect(res.statusCode).toBe(404)
  expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
})

test('a missing file is a 404, not the app shell', async () => {
  const res = await get('/assets/missing-123.js')
  expect(res.statusCode).toBe(404)
  expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
})

test('a page the browser renders names its own modules for preloading at low priority, and only its own', async () => {
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
      ([, href]) => href,
    )
  const dashboard = await get('/dashboard')
  expect(dashboard.statusCode).toBe(200)
  expect(preloads(dashboard.body)).toEqual([
    '/assets/dashboard-layout-d1.js',
    '/assets/my-appointments-page-m1.js',
  ])
  expect(dashboard.body).toContain('<title>Doctors Portal</title>')
  expect(dashboard.headers['cache-control']).toBe('no-cache')
  const payment = await get('/Dashboard/payment/123/?from=mail')
  expect(preloads(payment.body)).toEqual(['/assets/dashboard-layout-d1.js', '/assets/payment-page-p1.js'])
  expect(preloads((await get('/dashboard/account')).body)).toEqual([])
  expect(preloads((await get('/no-such-page')).body)).toEqual([])

  const zipped = await app.inject({
    method: 'GET',
    url: '/dashboard',
    headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
  })
  expect(zipped.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(zipped.rawPayload).toString()).toBe(dashboard.body)
})
