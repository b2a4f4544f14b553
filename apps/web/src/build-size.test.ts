import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'

// docs/architecture.md section 6: the web budgets, measured on the production build.
const KB = 1024
const HOME_JS_BUDGET = 150 * KB
const HOME_CSS_BUDGET = 30 * KB
const CHUNK_BUDGET = 60 * KB

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
