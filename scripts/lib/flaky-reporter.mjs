// A Vitest reporter that writes the full names of tests that passed only on a retry, so that
// `npm test` can name them under its summary line: a flaky test is a defect to fix, not to hide.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const flakyReportPath = (root) => path.join(root, '.test-data', 'flaky-tests.json')

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const oneLine = (text = '') => text.replace(ANSI_COLOUR, '').replace(/\s+/g, ' ').trim().slice(0, 300)

/** The first frame of the stack in this repository's own code, e.g. ' at e2e/waitlist.test.ts:120:7'. */
function where(stack = '') {
  const root = `${process.cwd()}${path.sep}`
  const frame = stack.split('\n').find((line) => line.includes(root) && !line.includes(`${root}node_modules`))
  return frame
    ? ` at ${frame
        .slice(frame.indexOf(root) + root.length)
        .replace(/\)$/, '')
        .trim()}`
    : ''
}

export default class FlakyReporter {
  #flaky = []

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0
    const result = testCase.result()
    if (retries > 0 && result.state === 'passed') {
      // A passed result keeps the failed tries' errors: the first one is what to fix.
      const firstTry = result.errors?.[0]
      const why = firstTry ? `; first try: ${oneLine(firstTry.message)}${where(firstTry.stack)}` : ''
      this.#flaky.push(`${testCase.project.name}: ${testCase.fullName} (passed on retry ${retries}${why})`)
    }
  }

  onTestRunEnd() {
    const file = flakyReportPath(process.cwd())
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(this.#flaky, null, 2))
  }
}
