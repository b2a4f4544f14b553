// Lighthouse (mobile preset, simulated throttling) on the production build with the system Chromium.
// ARCHITECTURE.md section 6: median of 5 runs on / and /appointment; Performance ≥ 95,
// Accessibility 100, Best Practices ≥ 95. Standalone: `node bench/lighthouse.mjs http://127.0.0.1:3100`.
import { pathToFileURL } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { median } from './lib/load.mjs'

export const lighthousePaths = ['/', '/appointment']
export const lighthouseBudgets = { performance: 95, accessibility: 100, 'best-practices': 95 }
const categories = Object.keys(lighthouseBudgets)

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: categories })
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
    return Object.fromEntries(
      categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    )
  } finally {
    await chrome.kill()
  }
}

/**
 * Runs Lighthouse `runs` times on each path (a fresh Chromium each time) and returns, per path,
 * the median score of each category with its budget.
 */
export async function lighthouseScenario({ baseURL, runs = 5, paths = lighthousePaths }) {
  const rows = []
  for (const path of paths) {
    const url = new URL(path, baseURL).href
    const scores = []
    for (let run = 0; run < runs; run++) scores.push(await auditOnce(url))
    for (const id of categories) {
      rows.push({
        name: `Lighthouse ${id} ${path} (median of ${runs})`,
        value: median(scores.map((score) => score[id])),
        min: lighthouseBudgets[id],
        runs: scores.map((score) => score[id]),
      })
    }
  }
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseURL = process.argv[2] ?? 'http://127.0.0.1:3000'
  const runs = Number(process.argv[3] ?? 5)
  for (const row of await lighthouseScenario({ baseURL, runs })) {
    const within = row.value >= row.min ? 'yes' : 'NO'
    console.log(`| ${row.name} | ${row.value} (runs ${row.runs.join(', ')}) | ≥ ${row.min} | ${within} |`)
  }
}
