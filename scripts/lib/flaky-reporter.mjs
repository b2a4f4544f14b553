// A Vitest reporter that writes the full names of tests that passed only on a retry, so that
// `npm test` can name them under its summary line: a flaky test is a defect to fix, not to hide.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const flakyReportPath = (root) => path.join(root, '.test-data', 'flaky-tests.json')

export default class FlakyReporter {
  #flaky = []

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0
    if (retries > 0 && testCase.result().state === 'passed') {
      this.#flaky.push(`${testCase.project.name}: ${testCase.fullName} (passed on retry ${retries})`)
    }
  }

  onTestRunEnd() {
    const file = flakyReportPath(process.cwd())
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(this.#flaky, null, 2))
  }
}
