// `npm run bench`: production build in its default configuration (access log included),
// loopback, one run. Servers on core 0, load on core 1 (taskset), A/B rounds alternated, medians
// and ratios against a bare node:http server.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BASELINE_SCENARIOS, runBaselineComparison } from '../bench/baseline.mjs'
import { load } from '../bench/lib/load.mjs'
import { withPostgresDatabase } from '../bench/lib/postgres.mjs'
import { hasTaskset, pinSelfToLoadCore, rssMegabytes, unpinSelf } from '../bench/lib/processes.mjs'
import { median } from '../bench/lib/rounds.mjs'
import {
  newDataDir,
  removeDataDirs,
  settleAfterStart,
  startBareNode,
  startPortal,
} from '../bench/lib/servers.mjs'
import { webBudgetRows } from '../bench/lib/web-bundle.mjs'
import { lighthouseLine, lighthousePaths, lighthouseScenario } from '../bench/lighthouse/scenario.mjs'
import { adminScenario, BENCH_ADMIN, prepareAdminData } from '../bench/scenarios/admin.mjs'
import { appOptionsScenario, prepareAppOptionsData } from '../bench/scenarios/app-options.mjs'
import { contentionScenario } from '../bench/scenarios/contention.mjs'
import { healthScenario } from '../bench/scenarios/health.mjs'
import { loginScenario } from '../bench/scenarios/login.mjs'
import { paymentScenario } from '../bench/scenarios/payment.mjs'
import { scaleScenario } from '../bench/scenarios/scale.mjs'
import { soakScenario } from '../bench/scenarios/soak.mjs'
import { prepareWaitlistData } from '../bench/scenarios/waitlist-data.mjs'
import { buildIfStale } from './lib/build-if-stale.mjs'

const { values: args } = parseBenchArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    'soak-seconds': { type: 'string', default: '60' },
    lighthouse: { type: 'boolean', default: true },
    pages: { type: 'string' },
    only: { type: 'string' },
    baseline: { type: 'string' },
    scale: { type: 'string' },
    databases: { type: 'string', default: 'pglite,postgres' },
    help: { type: 'boolean', short: 'h' },
  },
  allowNegative: true,
})
const rounds = Number(args.rounds)
const duration = Number(args.duration)
const SCENARIOS = [
  'health',
  'appOptions',
  'memory',
  'login',
  'race',
  'payment',
  'admin',
  'soak',
  'lighthouse',
  'start',
  'web',
]

if (args.help) {
  console.log(`npm run bench -- [options]   (README.md, "Benchmarks", says what each row measures)
  --only a,b        run only these scenarios: ${SCENARIOS.join(', ')}
  --no-lighthouse   skip the Lighthouse runs (about 7 minutes)
  --pages a,b       Lighthouse on these pages only: ${lighthousePaths.join(', ')}
  --rounds N        A/B rounds or runs per latency scenario (default 5)
  --duration S      seconds per throughput run (default 5)
  --soak-seconds S  length of the soak (default 60)
  --baseline REF    this checkout against REF's build, alternated, instead of the budgets
  --scale 100       the growth budgets on a clinic a hundred times the size
  --databases list  with --scale: pglite, postgres or both (default pglite,postgres)`)
  process.exit(0)
}
const only = args.only?.split(',') ?? SCENARIOS
const unknown = only.filter((name) => !SCENARIOS.includes(name))
if (unknown.length)
  throw new Error(`--only: unknown ${unknown.join(', ')}; choose from ${SCENARIOS.join(', ')}`)
const runs = (name) => only.includes(name) && (name !== 'lighthouse' || args.lighthouse)
const lighthousePages = args.pages?.split(',') ?? lighthousePaths
const unknownPages = lighthousePages.filter((page) => !lighthousePaths.includes(page))
if (unknownPages.length)
  throw new Error(`--pages: unknown ${unknownPages.join(', ')}; choose from ${lighthousePaths.join(', ')}`)

buildIfStale()
const pinned = pinSelfToLoadCore()
console.log(
  `Pinning: ${pinned ? 'server on core 0, load on core 1' : hasTaskset ? 'taskset failed' : 'no taskset'}; ${rounds} rounds of ${duration} s`,
)
if (args.baseline) {
  const compared = (args.only ? only : BASELINE_SCENARIOS).filter(runs)
  await runBaselineComparison({
    ref: args.baseline,
    only: compared,
    rounds,
    duration,
    lighthousePages: args.pages?.split(','),
  })
  await removeDataDirs()
  process.exit(0)
}

if (args.scale) {
  const bare = await startBareNode()
  try {
    const databases = args.databases.split(',')
    printTable(await scaleScenario({ scale: Number(args.scale), databases, bare, rounds, duration }))
  } finally {
    await bare.stop()
    await removeDataDirs()
  }
  process.exit(0)
}

const dataDir = await newDataDir()
// The admin scenario signs in as this account, which the server creates at its first start.
const env = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password }
const fresh = await startPortal({ dataDir, env })
await fresh.stop()
await prepareAppOptionsData({ dataDir })
await prepareWaitlistData({ dataDir })
await prepareAdminData({ dataDir })
const restarts = []
let portal
for (let i = 0; i < 3; i++) {
  portal = await startPortal({ dataDir, env })
  restarts.push(portal.startMs)
  if (i < 2) await portal.stop()
}
await settleAfterStart(portal)
const bare = await startBareNode()

const rows = []
if (runs('web')) rows.push(...webBudgetRows(path.resolve(import.meta.dirname, '../apps/web/dist')))
try {
  if (runs('health')) rows.push(...(await healthScenario({ portal, bare, rounds, duration })))
  if (runs('appOptions'))
    rows.push(...(await appOptionsScenario({ portal, label: 'PGlite', bare, rounds, duration })))
  if (runs('memory')) {
    await load({ url: `${portal.url}/api/health`, amount: 10_000 })
    rows.push({ name: 'RSS after 10,000 more requests (MB)', value: rssMegabytes(portal.pid), max: 400 })
  }
  if (runs('login')) rows.push(...(await loginScenario({ portal, duration })))
  if (runs('race')) rows.push(...(await contentionScenario({ portal, label: 'PGlite' })))
  if (runs('payment')) rows.push(...(await paymentScenario({ portal, label: 'PGlite' })))
  if (runs('admin')) rows.push(...(await adminScenario({ portal, duration })))
  if (runs('soak')) rows.push(...(await soakScenario({ portal, seconds: Number(args['soak-seconds']) })))
  if (runs('appOptions') || runs('race')) rows.push(...(await withPostgresDatabase(onPostgres)))
  if (runs('lighthouse')) {
    unpinSelf()
    rows.push(...(await lighthouseScenario({ baseURL: portal.url, runs: 5, paths: lighthousePages })))
  }
} finally {
  await portal.stop()
  await bare.stop()
}
if (runs('start')) {
  rows.push({ name: 'start, fresh data directory (ms)', value: fresh.startMs, max: 10_000 })
  rows.push({ name: 'start, existing data directory (ms, median of 3)', value: median(restarts), max: 1_500 })
}

await removeDataDirs()
printTable(rows)

/** The same appOptions data set, waitlists and race on a fresh PostgreSQL database. */
async function onPostgres(databaseUrl) {
  const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString('hex') }
  const dataDir = await newDataDir()
  await (await startPortal({ dataDir, env })).stop()
  await prepareAppOptionsData({ databaseUrl })
  await prepareWaitlistData({ databaseUrl })
  const server = await startPortal({ dataDir, env })
  await settleAfterStart(server)
  const measured = []
  try {
    if (runs('appOptions'))
      measured.push(
        ...(await appOptionsScenario({ portal: server, label: 'PostgreSQL', bare, rounds, duration })),
      )
    if (runs('race')) measured.push(...(await contentionScenario({ portal: server, label: 'PostgreSQL' })))
  } finally {
    await server.stop()
  }
  return measured
}

/** A mistyped option prints one line and the way to the list, not a stack trace. */
function parseBenchArgs(config) {
  try {
    return parseArgs(config)
  } catch (error) {
    if (!String(error.code).startsWith('ERR_PARSE_ARGS')) throw error
    console.error(`${error.message}; npm run bench -- --help lists the options`)
    process.exit(2)
  }
}

function mark(within) {
  return within ? 'yes' : 'NO'
}

function printTable(results) {
  console.log('\n| measure | value | budget | within |\n|---|---|---|---|')
  for (const row of results) {
    if ('ratio' in row) {
      const within =
        row.ratio >= row.budget && row.errors === 0 && (row.p99Max === undefined || row.p99 <= row.p99Max)
      console.log(
        `| ${row.name} req/s (bare node:http ${row.bare.rps.toFixed(0)}) | ${row.rps.toFixed(0)} (${(row.ratio * 100).toFixed(1)}%), p99 ${row.p99} ms, errors ${row.errors} | ≥ ${row.budget * 100}%${row.p99Max ? `, p99 ≤ ${row.p99Max} ms` : ''} | ${mark(within)} |`,
      )
    } else if (row.detail !== undefined) {
      const within = row.pass && (row.max === undefined || row.value <= row.max)
      const budget =
        row.max === undefined ? (row.budgetText ?? 'none set (correctness only)') : `≤ ${row.max}`
      console.log(
        `| ${row.name} | ${row.unit} ${row.value.toFixed(row.digits ?? 0)}; ${row.detail} | ${budget} | ${mark(within)} |`,
      )
    } else if (row.lighthouse) {
      console.log(lighthouseLine(row))
    } else if (row.max === undefined) {
      const detail = `p99 ${row.p99.toFixed(0)} ms, ${row.ok} ok, ${row.errors} errors`
      console.log(`| ${row.name} req/s | ${row.value.toFixed(0)}, ${detail} | none set | - |`)
    } else {
      console.log(
        `| ${row.name} | ${row.value.toFixed(row.digits ?? 0)} | ≤ ${row.max} | ${mark(row.value <= row.max)} |`,
      )
    }
  }
}
