import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROUTE_MODULES } from '../../apps/web/route-modules.mjs'

export { ROUTE_MODULES }

/*
 * What the production build of the web app makes a browser download, read from the build
 * itself (Vite's manifest), and the budgets of docs/architecture.md section 6. The build test
 * (apps/web/src/build-size.test.ts) asserts them; `npm run bench` prints them in its table.
 */

export const KB = 1024
export const WEB_BUDGETS = {
  homeInitialJs: 150 * KB,
  homeCss: 30 * KB,
  lazyChunk: 60 * KB,
  /** Decision 0044: React DOM, the data router and TanStack Query alone are 108 KB. */
  homeDownload: 140 * KB,
  paymentPage: 60 * KB,
}

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`

/** The web build's JavaScript and CSS, as the budgets count them. */
export function webBundle(dist) {
  const read = (file) => readFileSync(path.join(dist, file))
  const gzipSize = (file) => gzipSync(read(file), { level: 9 }).byteLength
  const manifest = JSON.parse(read('.vite/manifest.json').toString())
  const chunk = (key) => {
    const found = manifest[key]
    if (!found) throw new Error(`${key} is not in the build's manifest`)
    return found
  }

  /** The files index.html makes the browser fetch before the first render. */
  function initialAssets() {
    const html = read('index.html').toString()
    const refs = (pattern) => [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/^\//, ''))
    return {
      js: [
        ...refs(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
        ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
      ],
      css: refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
    }
  }

  /**
   * Every JavaScript file a route makes the browser download: the entry and its static imports,
   * then the route's own modules with their static imports and, with `onDemand`, what they load
   * only when opened (a lightbox, a QR code). The entry's own dynamic imports are the other
   * routes' pages, so they are not followed.
   */
  function routeDownloads(route, { onDemand }) {
    const entry = new Set()
    const visitStatic = (key) => {
      if (entry.has(key)) return
      entry.add(key)
      for (const imported of chunk(key).imports ?? []) visitStatic(imported)
    }
    visitStatic('index.html')
    const own = new Set()
    const visitRoute = (key) => {
      if (entry.has(key) || own.has(key)) return
      own.add(key)
      const { imports = [], dynamicImports = [] } = chunk(key)
      for (const imported of onDemand ? [...imports, ...dynamicImports] : imports) visitRoute(imported)
    }
    for (const key of ROUTE_MODULES[route] ?? []) visitRoute(key)
    return [...entry, ...own].map((key) => chunk(key).file)
  }

  /**
   * A lazily loaded page's JavaScript: its chunk and every chunk it imports statically, less what
   * the first page load brought already. Chunks it imports with `import()` are not counted.
   */
  function pageScripts(pageChunkName) {
    const page = readdirSync(path.join(dist, 'assets')).find((file) =>
      new RegExp(`^${pageChunkName}-[\\w-]+\\.js$`).test(file),
    )
    if (!page) throw new Error(`no ${pageChunkName} chunk in ${dist}/assets`)
    const found = new Set()
    const visit = (file) => {
      if (found.has(file)) return
      found.add(file)
      for (const [, imported] of read(file)
        .toString()
        .matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
        visit(`assets/${imported}`)
    }
    visit(`assets/${page}`)
    const initial = new Set(initialAssets().js)
    return [...found].filter((file) => !initial.has(file))
  }

  /** The chunks not fetched by index.html, each with its gzip size. */
  function lazyChunks() {
    const { js, css } = initialAssets()
    const initial = new Set([...js, ...css])
    return readdirSync(path.join(dist, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`)
      .filter((file) => !initial.has(file))
      .map((file) => ({ file, size: gzipSize(file) }))
  }

  const total = (files) => files.reduce((sum, file) => sum + gzipSize(file), 0)
  return { manifest, initialAssets, routeDownloads, pageScripts, lazyChunks, total }
}

/** The bench's rows: each web budget with what the build weighs (KB gzip). */
export function webBudgetRows(dist) {
  const bundle = webBundle(dist)
  const { js, css } = bundle.initialAssets()
  const largest = bundle.lazyChunks().reduce((max, chunk) => (chunk.size > max.size ? chunk : max))
  const row = (name, bytes, budget) => ({ name, value: bytes / KB, max: budget / KB, digits: 1 })
  return [
    row('Web: JavaScript index.html loads (KB gzip)', bundle.total(js), WEB_BUDGETS.homeInitialJs),
    row('Web: CSS index.html loads (KB gzip)', bundle.total(css), WEB_BUDGETS.homeCss),
    row(
      'Web: JavaScript / downloads until the visitor opens something (KB gzip)',
      bundle.total(bundle.routeDownloads('/', { onDemand: false })),
      WEB_BUDGETS.homeDownload,
    ),
    row(`Web: largest lazy chunk, ${largest.file} (KB gzip)`, largest.size, WEB_BUDGETS.lazyChunk),
    row(
      "Web: the payment page's own JavaScript (KB gzip)",
      bundle.total(bundle.pageScripts('payment-page')),
      WEB_BUDGETS.paymentPage,
    ),
  ]
}
