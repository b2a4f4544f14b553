// Runs under Node ≥ 22.19 (Lighthouse 13), started by scenario.mjs:
// `node audit.mjs BASE_URL RUNS PATH...`. Progress goes to stderr; the scores, as one JSON object
// { [path]: { scores: [{ performance, accessibility, 'best-practices' }], failures: [message] } },
// to stdout.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const CATEGORIES = ['performance', 'accessibility', 'best-practices']
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
/** A run that fails (no trace, a page that did not load) is tried again this many times. */
const RETRIES = 2
const RUN_TIMEOUT_MS = 120_000

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  let timer
  try {
    const timeout = new Promise((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      )
    })
    const audit = lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES })
    const result = await Promise.race([audit, timeout])
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.code)
    const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
      'LCP ms': Math.round(metric('largest-contentful-paint')),
      'TBT ms': Math.round(metric('total-blocking-time')),
      CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
    }
  } finally {
    clearTimeout(timer)
    chrome.kill()
  }
}

async function auditWithRetries(url, label) {
  for (let attempt = 0; ; attempt++) {
    try {
      const scores = await auditOnce(url)
      console.error(
        `${label}: ${Object.entries(scores)
          .map(([id, value]) => `${id} ${value}`)
          .join(', ')}`,
      )
      return { scores }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(`${label}: failed (${message})${attempt < RETRIES ? ', trying again' : ''}`)
      if (attempt >= RETRIES) return { failure: message }
    }
  }
}

const [baseURL, runs, ...paths] = process.argv.slice(2)
const results = {}
for (const path of paths) {
  const result = { scores: [], failures: [] }
  for (let run = 1; run <= Number(runs); run++) {
    const { scores, failure } = await auditWithRetries(
      new URL(path, baseURL).href,
      `Lighthouse ${path} run ${run}`,
    )
    if (scores) result.scores.push(scores)
    else result.failures.push(failure)
  }
  results[path] = result
}
console.log(JSON.stringify(results))
