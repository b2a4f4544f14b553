import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { addDays, requestJson } from './lib/http-json.mjs'
import { AS_A_BROWSER, compare, load } from './lib/load.mjs'
import { unpinSelf } from './lib/processes.mjs'
import { alternate, sideBySideRow } from './lib/rounds.mjs'
import { newDataDir, repoRoot, settleAfterStart, startPortal } from './lib/servers.mjs'
import { lighthouseSideBySide } from './lighthouse/side-by-side.mjs'
import { adminScenario, BENCH_ADMIN, prepareAdminData } from './scenarios/admin.mjs'
import { prepareAppOptionsData } from './scenarios/app-options.mjs'
import { contentionScenario } from './scenarios/contention.mjs'
import { paymentScenario } from './scenarios/payment.mjs'

/** What `--baseline` compares: throughput, latencies and Lighthouse, A/B alternated. */
export const BASELINE_SCENARIOS = ['health', 'appOptions', 'race', 'payment', 'admin', 'lighthouse']

/**
 * `npm run bench -- --baseline REF`: this checkout's build and REF's side by side in one run, on
 * PGlite, each on data of its own made the same way, both started with the same Node flags.
 * Requests per second are measured A/B alternated (ABBA…), so a noisy neighbour hits both builds
 * alike. Latency scenarios run `rounds` times on each build, alternated the same way; each run
 * takes slots and registers patients of its own, so later runs see more data, on both builds
 * alike. Lighthouse runs once per page on each build in a round, alternated too. REF is a commit
 * (checked out and built once into the system's temporary folder) or a folder holding a built
 * checkout.
 */
export async function runBaselineComparison({ ref, only, rounds, duration, lighthousePages }) {
  const baseRoot = baselineCheckout(ref)
  const chosen = BASELINE_SCENARIOS.filter((name) => only.includes(name))
  if (!chosen.length)
    throw new Error(`--baseline compares ${BASELINE_SCENARIOS.join(', ')}; --only chose none`)
  const current = await startPrepared(repoRoot)
  const baseline = await startPrepared(baseRoot)
  const rows = []
  try {
    // Asked as a browser asks, as the budgets are measured (decision 0048).
    const headers = AS_A_BROWSER
    for (const [name, url] of await throughputTargets(chosen, [current, baseline])) {
      await load({ url: url(current), headers, duration: 1 })
      await load({ url: url(baseline), headers, duration: 1 })
      const { a, b } = await compare(
        rounds,
        () => load({ url: url(current), headers, duration }),
        () => load({ url: url(baseline), headers, duration }),
      )
      rows.push({ name: `${name} req/s`, current: a.rps, baseline: b.rps, higherIsBetter: true })
      rows.push({ name: `${name} p99 ms`, current: a.p99, baseline: b.p99, higherIsBetter: false })
    }
    const latencyScenarios = {
      race: (portal) => contentionScenario({ portal, label: 'PGlite' }),
      payment: (portal) => paymentScenario({ portal, label: 'PGlite' }),
      admin: (portal) => adminScenario({ portal, duration }),
    }
    for (const name of chosen.filter((n) => n in latencyScenarios)) {
      const { a: ofCurrent, b: ofBaseline } = await alternate(
        rounds,
        () => latencyScenarios[name](current),
        () => latencyScenarios[name](baseline),
      )
      for (const [i, row] of ofCurrent[0].entries()) {
        const values = (of) => of.map((run) => run[i].value)
        rows.push(
          sideBySideRow(`${row.name} (${row.unit})`, values(ofCurrent), values(ofBaseline), {
            higherIsBetter: false,
            digits: row.digits,
          }),
        )
      }
    }
    if (chosen.includes('lighthouse')) {
      // As in the budgets' run: Chromium and Lighthouse on every core, not on the load's one.
      unpinSelf()
      rows.push(...(await lighthouseSideBySide({ current, baseline, rounds, paths: lighthousePages })))
    }
  } finally {
    await current.stop()
    await baseline.stop()
  }
  printComparison(rows, ref, rounds, duration)
}

/** A build's server on the appOptions and admin data sets, as `npm run bench` prepares them. */
async function startPrepared(root) {
  const dataDir = await newDataDir()
  const env = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password }
  await (await startPortal({ dataDir, env, root })).stop()
  await prepareAppOptionsData({ dataDir })
  await prepareAdminData({ dataDir })
  const portal = await startPortal({ dataDir, env, root })
  await settleAfterStart(portal)
  return portal
}

/** The throughput measures chosen, each with its address on a given server. */
async function throughputTargets(chosen, portals) {
  const targets = []
  if (chosen.includes('health')) targets.push(['GET /api/health', (portal) => `${portal.url}/api/health`])
  if (chosen.includes('appOptions')) {
    const addresses = new Map()
    for (const portal of portals) {
      const calendar = await requestJson(`${portal.url}/api/clinicCalendar`)
      addresses.set(portal, `${portal.url}/api/appOptions?date=${addDays(calendar.body.today, 14)}`)
    }
    targets.push([
      'GET /api/appOptions (10 treatments, 100 booked slots, gzip accepted)',
      (portal) => addresses.get(portal),
    ])
  }
  return targets
}

/** REF as a built checkout: a folder given as is, or a commit checked out once and built. */
function baselineCheckout(ref) {
  if (existsSync(path.join(ref, 'apps/api/dist/server.js'))) return path.resolve(ref)
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]).trim()
  const dir = path.join(tmpdir(), `portal-baseline-${sha.slice(0, 12)}`)
  if (!existsSync(dir)) git(['worktree', 'add', '--detach', dir, sha])
  if (!existsSync(path.join(dir, 'node_modules'))) run('npm', ['ci'], dir)
  if (!existsSync(path.join(dir, 'apps/api/dist/server.js'))) run('npm', ['run', 'build'], dir)
  return dir
}

function git(args) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`)
  return result.stdout
}

function run(command, args, cwd) {
  console.log(`${command} ${args.join(' ')} in ${cwd}…`)
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`)
}

function printComparison(rows, ref, rounds, duration) {
  console.log(
    `\nThis checkout against ${ref} (requests per second: medians of ${rounds} A/B rounds of ${duration} s; latencies and Lighthouse: medians of ${rounds} alternated runs each)`,
  )
  console.log('\n| measure | this checkout | baseline | change |\n|---|---|---|---|')
  for (const { name, current, baseline, higherIsBetter, digits = 0, betterIn, runs } of rows) {
    const change = baseline === 0 ? 0 : current / baseline - 1
    const better = higherIsBetter ? change >= 0 : change <= 0
    const sign = change >= 0 ? '+' : ''
    const runsText = betterIn === undefined ? '' : `; better in ${betterIn} of ${runs} runs measured on both`
    console.log(
      `| ${name} | ${current.toFixed(digits)} | ${baseline.toFixed(digits)} | ${sign}${(change * 100).toFixed(1)}% (${better ? 'better or same' : 'worse'}${runsText}) |`,
    )
  }
}
