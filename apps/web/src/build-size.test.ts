import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { kb, ROUTE_MODULES, WEB_BUDGETS, webBundle } from '../../../bench/lib/web-bundle.mjs'
import { CHUNK_MODULES_FILE } from '../chunk-modules-plugin.ts'
import { COMPILE_HINT } from '../compile-hints-plugin.ts'
import { REACT_SENTINELS, stacklessSentinels } from '../react-sentinels-plugin.ts'
import { ROUTE_PRELOADS_FILE } from '../route-preloads-plugin.ts'

// docs/architecture.md section 6: the web budgets, measured on the production build.
const dist = path.resolve(import.meta.dirname, '../dist')
const indexHtml = path.join(dist, 'index.html')
const built = existsSync(indexHtml)
const bundle = () => webBundle(dist)

/** What only an admin uses: the admin pages' features and the guard of their loaders. */
const ADMIN_MODULES =
  /^src\/(features\/(admin-users|agenda|audit|doctors|messages|review-moderation|treatments)\/|lib\/auth\/admin-loader)/

describe('what each route downloads', () => {
  const chunkModules = (): Record<string, string[]> =>
    JSON.parse(readFileSync(path.join(dist, CHUNK_MODULES_FILE), 'utf8'))

  test.runIf(built).each(Object.keys(ROUTE_MODULES))(
    'nothing of the admin pages or their loaders is downloaded on %s',
    (route) => {
      const modules = chunkModules()
      const files = bundle().routeDownloads(route, { onDemand: true })
      const admin = files.flatMap((file) =>
        (modules[file] ?? [])
          .filter((module) => ADMIN_MODULES.test(module))
          .map((module) => `${file}: ${module}`),
      )
      expect(admin, `${route} downloads ${files.join(', ')}`).toEqual([])
    },
  )

  test.runIf(built).each(Object.keys(ROUTE_MODULES))(
    'the page sent for %s preloads what the route downloads beyond what index.html loads',
    (route) => {
      const preloads: Record<string, string[]> = JSON.parse(
        readFileSync(path.join(dist, ROUTE_PRELOADS_FILE), 'utf8'),
      )
      const initial = new Set(bundle().initialAssets().js)
      const beyond = bundle()
        .routeDownloads(route, { onDemand: false })
        .filter((file) => !initial.has(file))
      expect(beyond.length).toBeGreaterThan(0)
      expect(preloads[route]?.toSorted()).toEqual(beyond.toSorted())
    },
  )
})

describe('libraries', () => {
  /** Text of React Router's development build only: its fallback error page's note to developers. */
  const DEVELOPMENT_ONLY = 'Hey developer'
  const scriptsIn = (dir: string) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(dir, file))

  test.runIf(built)(
    'the browser and the server renderer run React Router’s production build (decision 0065)',
    () => {
      const scripts = [
        ...scriptsIn(path.join(dist, 'assets')),
        ...scriptsIn(path.resolve(dist, '../dist-server')),
      ]
      expect(scripts.length).toBeGreaterThan(1)
      const development = scripts.filter((file) => readFileSync(file, 'utf8').includes(DEVELOPMENT_ONLY))
      expect(development).toEqual([])
    },
  )
})

describe('index.html', () => {
  test.runIf(built)('asks for its scripts at low priority, after the stylesheet (decision 0051)', () => {
    const html = readFileSync(indexHtml, 'utf8')
    const scripts = html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(1)
    expect(scripts.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([])
  })
})

describe("V8's compile hint (decision 0067)", () => {
  const opensWithHint = (file: string) => readFileSync(path.join(dist, file), 'utf8').startsWith(COMPILE_HINT)

  test.runIf(built).each(Object.keys(ROUTE_MODULES))('opens every chunk %s runs as it starts', (route) => {
    const files = bundle().routeDownloads(route, { onDemand: false })
    expect(files.length).toBeGreaterThan(1)
    expect(files.filter((file) => !opensWithHint(file))).toEqual([])
  })

  test.runIf(built).each(['gallery-lightbox', 'app-qr-code', 'review-dialog'])(
    'leaves %s, loaded only when opened, to compile lazily',
    (name) => {
      const files = readdirSync(path.join(dist, 'assets')).filter(
        (file) => file.startsWith(`${name}-`) && file.endsWith('.js'),
      )
      expect(files).toHaveLength(1)
      expect(files.filter((file) => opensWithHint(`assets/${file}`))).toEqual([])
    },
  )
})

describe("React DOM's sentinels (decision 0068)", () => {
  const reactDomSource = () => {
    const reactDom = path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json'))
    return readFileSync(path.join(reactDom, 'cjs/react-dom-client.production.js'), 'utf8')
  }

  test('each of the five is made without a stack from the React DOM we install', () => {
    const rewritten = stacklessSentinels(reactDomSource())
    for (const name of REACT_SENTINELS) {
      expect(rewritten).toContain(
        `${name} = Object.create(Error.prototype, { message: { value: formatProdErrorMessage(`,
      )
      expect(rewritten).not.toContain(`${name} = Error(`)
    }
  })

  test('a React DOM that no longer makes one of them stops the build', () => {
    const withoutOne = reactDomSource().replace(
      'SuspenseyCommitException = Error(',
      'SuspenseyCommitException = other(',
    )
    expect(() => stacklessSentinels(withoutOne)).toThrow('React DOM no longer makes SuspenseyCommitException')
  })

  test.runIf(built)('no chunk of the build makes one with Error() as it loads', () => {
    const codes = /Error\([\w$]+\((460|461|474|519|542)\)\)/
    const files = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    const making = files.filter((file) => codes.test(readFileSync(path.join(dist, 'assets', file), 'utf8')))
    expect(making).toEqual([])
  })
})

describe('web bundle size (gzip)', () => {
  test('the production build exists', () => {
    expect(built, `${indexHtml} is missing: run \`npm run build -w @portal/web\` first`).toBe(true)
  })

  test.runIf(built)('the home page loads at most 150 KB of JavaScript and 30 KB of CSS', () => {
    const { js, css } = bundle().initialAssets()
    expect(js.length, 'index.html references no JavaScript').toBeGreaterThan(0)
    const jsBytes = bundle().total(js)
    const cssBytes = bundle().total(css)
    expect(jsBytes, `initial JavaScript is ${kb(jsBytes)} (${js.join(', ')})`).toBeLessThanOrEqual(
      WEB_BUDGETS.homeInitialJs,
    )
    expect(cssBytes, `initial CSS is ${kb(cssBytes)} (${css.join(', ')})`).toBeLessThanOrEqual(
      WEB_BUDGETS.homeCss,
    )
  })

  test.runIf(built)(
    'the home page downloads at most 140 KB of JavaScript until the visitor opens something',
    () => {
      const files = bundle().routeDownloads('/', { onDemand: false })
      const bytes = bundle().total(files)
      expect(bytes, `/ downloads ${kb(bytes)} (${files.join(', ')})`).toBeLessThanOrEqual(
        WEB_BUDGETS.homeDownload,
      )
    },
  )

  test.runIf(built)('every lazily loaded chunk is at most 60 KB', () => {
    const tooBig = bundle()
      .lazyChunks()
      .filter(({ size }) => size > WEB_BUDGETS.lazyChunk)
    expect(tooBig.map(({ file, size }) => `${file}: ${kb(size)}`)).toEqual([])
  })

  test.runIf(built)(
    'the payment page loads at most 60 KB of JavaScript of its own, Stripe Elements only on demand',
    () => {
      const scripts = bundle().pageScripts('payment-page')
      const bytes = bundle().total(scripts)
      expect(
        bytes,
        `the payment page's JavaScript is ${kb(bytes)} (${scripts.join(', ')})`,
      ).toBeLessThanOrEqual(WEB_BUDGETS.paymentPage)
      expect(scripts.filter((file) => /stripe/i.test(file))).toEqual([])
    },
  )
})
