import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../app'
import { createAdmin, type TestAccount } from '../test/factories'
import { createTreatment } from '../test/schedule-kit'
import { testConfig } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'

/*
 * The API's side of server rendering with a stand-in for the web app's renderer: it numbers its
 * renders and shows what it was given, so a test can tell a cached page from a new one. The real
 * renderer's pages are checked in a browser (e2e/server-rendered-pages.test.ts).
 */
const INDEX_HTML = `<!doctype html><html><head><title>Doctors Portal</title>
<meta
  name="description"
  content="A dental clinic."
/>
<meta property="og:title" content="Doctors Portal" />
<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1b2.js"></script>
<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-c3d4.js">
<link rel="stylesheet" crossorigin href="/assets/index-e5f6.css">
</head><body>
<div id="root">
  <!-- stand-in -->
  <!--app-html--><header>stand-in header</header><!--/app-html-->
</div>
</body></html>`

const FAKE_RENDERER = `
let renders = 0
export const pageQueries = (pathname) =>
  pathname === '/' ? [{ queryKey: ['clinic-public', 'prices'], path: '/api/prices' }] : []
export async function renderPage(pathname, data) {
  if (pathname === '/contact') throw new Error('renderer broke')
  renders += 1
  const names = data.flatMap((entry) => entry.data.treatments?.map((treatment) => treatment.name) ?? [])
  const html = '<main data-render="' + renders + '">' + pathname + ' ' + names.length + '</main>'
  return { html, head: pathname === '/about' ? { title: 'About & us | Doctors Portal', description: 'Who "we" are' } : {} }
}
`

let app: FastifyInstance
let dir: string
let admin: TestAccount
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-pages-'))
  await mkdir(path.join(dir, 'dist'))
  await mkdir(path.join(dir, 'dist-server'))
  await writeFile(path.join(dir, 'dist', 'index.html'), INDEX_HTML)
  await writeFile(path.join(dir, 'dist-server', 'entry-server.js'), FAKE_RENDERER)
  app = await buildApp(testConfig(), {
    database: await createTestDatabase(),
    logger: false,
    webDir: path.join(dir, 'dist'),
  })
  admin = await createAdmin(app)
})
afterAll(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } })
const renderNumber = (body: string) => body.match(/data-render="(\d+)"/)?.[1]

test('a public page is rendered into #root with its data, and rendered again only when the data changes', async () => {
  const first = await get('/')
  expect(first.statusCode).toBe(200)
  expect(first.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(first.headers['cache-control']).toBe('no-cache')
  expect(first.body).toContain('<div id="root"><main data-render=')
  expect(first.body).not.toContain('stand-in')
  expect(first.body).toContain(
    '<script type="application/json" id="page-data">[{"queryKey":["clinic-public","prices"]',
  )

  expect(renderNumber((await get('/')).body)).toBe(renderNumber(first.body))

  await createTreatment(app, admin, { name: 'Whitening </script><script>alert(1)</script>' })
  const changed = await get('/')
  expect(renderNumber(changed.body)).not.toBe(renderNumber(first.body))
  // The data block cannot be closed by what the data says.
  const block = changed.body.slice(changed.body.indexOf('id="page-data">'))
  expect(block.indexOf('</script>')).toBe(block.lastIndexOf('</script>'))
  expect(block).toContain('Whitening \\u003c/script>')
})

test("a page's title and description are in its head", async () => {
  const res = await get('/about')
  expect(res.body).toContain('<title>About &amp; us | Doctors Portal</title>')
  expect(res.body).toMatch(/name="description"\s+content="Who &quot;we&quot; are"/)
  expect(res.body).toContain('<meta property="og:title" content="About &amp; us | Doctors Portal" />')
  expect((await get('/team')).body).toContain('<title>Doctors Portal</title>')
})

test("a rendered page asks for the app's code only once painted, and preloads none of it", async () => {
  const { body } = await get('/team')
  expect(body).toContain('<script defer src="/start-app.js" data-entry="/assets/index-a1b2.js"></script>')
  expect(body).not.toContain('type="module"')
  expect(body).not.toContain('modulepreload')
  expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-e5f6.css">')
  expect((await get('/dashboard')).body).toContain(
    '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1b2.js">',
  )
})

test('every address that is no page renders the same not-found page, with 404', async () => {
  const first = await get('/no-such-page')
  const second = await get('/another/missing')
  expect(first.statusCode).toBe(404)
  expect(second.statusCode).toBe(404)
  expect(first.body).toContain('/page-not-found 0</main>')
  expect(renderNumber(second.body)).toBe(renderNumber(first.body))
})

test('an address with a query string, another spelling or no public page gets the app shell', async () => {
  for (const url of ['/team?utm_source=mail', '/Team', '/team/', '/dashboard', '/login/device']) {
    const res = await get(url)
    expect(res.statusCode, url).toBe(200)
    expect(res.body, url).toContain('stand-in header')
    expect(res.body, url).not.toContain('page-data')
  }
})

test('a page the renderer fails on is still answered, with the app shell', async () => {
  const res = await get('/contact')
  expect(res.statusCode).toBe(200)
  expect(res.body).toContain('stand-in header')
})

test('a rendered page goes gzipped to a browser that accepts it', async () => {
  const res = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, br' } })
  expect(res.headers['content-encoding']).toBe('gzip')
  expect(res.headers.vary).toContain('Accept-Encoding')
  expect(gunzipSync(res.rawPayload).toString()).toContain('/about 0</main>')
})
