// `npm test`: type check, lint, build, then every Vitest project (unit, API on PGlite and —
// with TEST_DATABASE_URL — PostgreSQL, browser tests in Chromium), ending with one summary line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { buildIfStale, root } from './lib/build-if-stale.mjs'
import { flakyReportPath } from './lib/flaky-reporter.mjs'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasChromium = existsSync(chromiumPath)
const requireE2e = process.env.REQUIRE_E2E === '1'
const typeProjects = ['packages/shared', 'apps/api', 'apps/web', 'apps/web/tsconfig.node.json', 'e2e']
const failures = []

function step(name, command, args) {
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) failures.push(name)
  return result.status === 0
}

for (const project of typeProjects) step(`type check ${project}`, 'npx', ['tsc', '-p', project])
step('lint (biome)', 'npx', ['biome', 'check', '.'])
console.log('\n▶ build')
buildIfStale()

const projects = ['--project', 'web', '--project', 'bench', '--project', 'api:*']
if (hasChromium) {
  projects.push('--project', 'e2e')
} else if (requireE2e) {
  failures.push(`browser tests: no Chromium at ${chromiumPath} and REQUIRE_E2E=1`)
}
mkdirSync(path.join(root, '.test-data'), { recursive: true })
const report = path.join(root, '.test-data', 'vitest-report.json')
rmSync(flakyReportPath(root), { force: true })
step('tests (vitest)', 'npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  '--reporter=./scripts/lib/flaky-reporter.mjs',
  `--outputFile.json=${report}`,
])

const counts = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : {}
const passed = counts.numPassedTests ?? 0
const failed = counts.numFailedTests ?? 0
const skipped = (counts.numPendingTests ?? 0) + (counts.numTodoTests ?? 0)
console.log('')
if (!hasChromium) {
  console.log(
    `Browser tests skipped: no Chromium at ${chromiumPath}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
  )
}
if (failures.length > 0) console.log(`Failed steps: ${failures.join('; ')}`)
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
const flaky = existsSync(flakyReportPath(root)) ? JSON.parse(readFileSync(flakyReportPath(root), 'utf8')) : []
if (flaky.length > 0) {
  console.log(`Passed only on retry (flaky, to be fixed):\n${flaky.map((name) => `  - ${name}`).join('\n')}`)
}
process.exit(failures.length > 0 || failed > 0 ? 1 : 0)
