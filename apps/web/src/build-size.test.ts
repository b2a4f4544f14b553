import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { CHUNK_MODULES_FILE } from '../chunk-modules-plugin.ts'

// docs/architecture.md section 6: the web budgets, measured on the production build.
const KB = 1024
const HOME_JS_BUDGET = 150 * KB
const HOME_CSS_BUDGET = 30 * KB
const CHUNK_BUDGET = 60 * KB
// Decision 0044: React DOM, the data router and TanStack Query alone are 108 KB.
const HOME_DOWNLOAD_BUDGET = 140 * KB

const dist = path.resolve(import.meta.dirname, '../dist')
const indexHtml = path.join(dist, 'index.html')
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).byteLength
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`

/** The files index.html makes the browser fetch before the first render. */
function initialAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(indexHtml, 'utf8')
  const refs = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/^\//, ''))
  return {
    js: [
      ...refs(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
      ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ],
    css: refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  }
}

/**
 * A lazily loaded page's JavaScript: its chunk and every chunk it imports statically, less what
 * the first page load brought already. Chunks it imports with `import()` are not counted.
 */
function routeScripts(pageChunkName: string): string[] {
  const assets = readdirSync(path.join(dist, 'assets'))
  const page = assets.find((file) => new RegExp(`^${pageChunkName}-[\\w-]+\\.js$`).test(file))
  if (!page) throw new Error(`no ${pageChunkName} chunk in ${dist}/assets`)
  const found = new Set<string>()
  const visit = (file: string) => {
    if (found.has(file)) return
    found.add(file)
    const code = readFileSync(path.join(dist, file), 'utf8')
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      visit(`assets/${imported}`)
  }
  visit(`assets/${page}`)
  const initial = new Set(initialAssets().js)
  return [...found].filter((file) => !initial.has(file))
}

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(dist, file), 'utf8')) as T

/**
 * The modules each route loads through the route table's `lazy` (app/routes.tsx): the page, and
 * the layout it shows in where that is lazy too.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/home/home-page.tsx'],
  '/dashboard': ['src/app/layouts/dashboard-layout.tsx', 'src/features/dashboard/my-appointments-page.tsx'],
}

/** What only an admin uses: the admin pages' features and the guard of their loaders. */
const ADMIN_MODULES =
  /^src\/(features\/(admin-users|agenda|audit|doctors|messages|review-moderation|treatments)\/|lib\/auth\/admin-loader)/

/**
 * Every JavaScript file a route makes the browser download, from Vite's manifest: the entry and
 * its static imports, then the route's own modules with everything they import, statically or on
 * demand (a lightbox, a QR code). The entry's own dynamic imports are the other routes' pages,
 * so they are not followed.
 */
function routeDownloads(route: string, { onDemand }: { onDemand: boolean }): string[] {
  const manifest = readJson<Record<string, ManifestChunk>>('.vite/manifest.json')
  const chunk = (key: string) => {
    const found = manifest[key]
    if (!found) throw new Error(`${key} is not in the build's manifest`)
    return found
  }
  const entry = new Set<string>()
  const visitStatic = (key: string) => {
    if (entry.has(key)) return
    entry.add(key)
    for (const imported of chunk(key).imports ?? []) visitStatic(imported)
  }
  visitStatic('index.html')
  const own = new Set<string>()
  const visitRoute = (key: string) => {
    if (entry.has(key) || own.has(key)) return
    own.add(key)
    const { imports = [], dynamicImports = [] } = chunk(key)
    for (const imported of onDemand ? [...imports, ...dynamicImports] : imports) visitRoute(imported)
  }
  for (const key of ROUTE_MODULES[route] ?? []) visitRoute(key)
  return [...entry, ...own].map((key) => chunk(key).file)
}

describe('what each route downloads', () => {
  const chunkModules = () => readJson<Record<string, string[]>>(CHUNK_MODULES_FILE)

  test.runIf(existsSync(indexHtml)).each(Object.keys(ROUTE_MODULES))(
    'nothing of the admin pages or their loaders is downloaded on %s',
    (route) => {
      const modules = chunkModules()
      const files = routeDownloads(route, { onDemand: true })
      const admin = files.flatMap((file) =>
        (modules[file] ?? [])
          .filter((module) => ADMIN_MODULES.test(module))
          .map((module) => `${file}: ${module}`),
      )
      const listing = files.map((file) => `${file} (${kb(gzipSize(file))})`).join(', ')
      expect(admin, `${route} downloads ${listing}`).toEqual([])
    },
  )
})

describe('web bundle size (gzip)', () => {
  test('the production build exists', () => {
    expect(existsSync(indexHtml), `${indexHtml} is missing: run \`npm run build -w @portal/web\` first`).toBe(
      true,
    )
  })

  test.runIf(existsSync(indexHtml))(
    'the home page loads at most 150 KB of JavaScript and 30 KB of CSS',
    () => {
      const { js, css } = initialAssets()
      expect(js.length, 'index.html references no JavaScript').toBeGreaterThan(0)
      const jsBytes = js.reduce((sum, file) => sum + gzipSize(file), 0)
      const cssBytes = css.reduce((sum, file) => sum + gzipSize(file), 0)
      expect(jsBytes, `initial JavaScript is ${kb(jsBytes)} (${js.join(', ')})`).toBeLessThanOrEqual(
        HOME_JS_BUDGET,
      )
      expect(cssBytes, `initial CSS is ${kb(cssBytes)} (${css.join(', ')})`).toBeLessThanOrEqual(
        HOME_CSS_BUDGET,
      )
    },
  )

  test.runIf(existsSync(indexHtml))(
    'the home page downloads at most 140 KB of JavaScript until the visitor opens something',
    () => {
      const files = routeDownloads('/', { onDemand: false })
      const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0)
      expect(bytes, `/ downloads ${kb(bytes)} (${files.join(', ')})`).toBeLessThanOrEqual(
        HOME_DOWNLOAD_BUDGET,
      )
    },
  )

  test.runIf(existsSync(indexHtml))('every lazily loaded chunk is at most 60 KB', () => {
    const { js, css } = initialAssets()
    const initial = new Set([...js, ...css])
    const lazy = readdirSync(path.join(dist, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`)
      .filter((file) => !initial.has(file))
    const tooBig = lazy
      .map((file) => ({ file, size: gzipSize(file) }))
      .filter(({ size }) => size > CHUNK_BUDGET)
    expect(tooBig.map(({ file, size }) => `${file}: ${kb(size)}`)).toEqual([])
  })

  test.runIf(existsSync(indexHtml))(
    'the payment page loads at most 60 KB of JavaScript of its own, Stripe Elements only on demand',
    () => {
      const scripts = routeScripts('payment-page')
      const bytes = scripts.reduce((sum, file) => sum + gzipSize(file), 0)
      expect(
        bytes,
        `the payment page's JavaScript is ${kb(bytes)} (${scripts.join(', ')})`,
      ).toBeLessThanOrEqual(CHUNK_BUDGET)
      expect(scripts.filter((file) => /stripe/i.test(file))).toEqual([])
    },
  )
})
