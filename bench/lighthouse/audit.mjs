// Runs under Node ≥ 22.19 (Lighthouse 13), started by scenario.mjs with its plan as JSON on stdin:
// { baseURL, apiURL, runs, pages: [{ path, account?, expectTexts? }] }: the browser opens baseURL
// (nginx with the run's self-signed certificate, or the server itself), this process signs in at
// apiURL (the server). A page with an `account` is audited signed in as it (browser-sign-in.mjs)
// and must show every one of `expectTexts` at its own address when the audit ends. Progress goes
// to stderr; the results, as one JSON object
// { [path]: { scores: [{ performance, …, CLS }], failures: [message], wrongPage: [message] } },
// to stdout.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { signInBrowser } from './browser-sign-in.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices']
/** The certificate of the bench's nginx is made for the run, so no authority vouches for it. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--ignore-certificate-errors',
]
/**
 * The back/forward cache check (a diagnostic of weight 0: no score changes) leaves the page and
 * comes back, which may load it again; without it the page read after the audit is the one measured.
 */
const SKIPPED_AUDITS = ['bf-cache']
/** A run that fails (no trace, a page that did not load) is tried again this many times. */
const RETRIES = 2
const RUN_TIMEOUT_MS = 120_000
/** When set, each run's final screenshot is written there, to look at what was audited. */
const SCREENSHOTS_DIR = process.env.LIGHTHOUSE_SCREENSHOTS_DIR

/** Thrown when the audited page was not the one asked for (signed out, sent to /login): never retried. */
class WrongPage extends Error {}

async function auditOnce({ baseURL, apiURL }, page, label) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    // Lighthouse sets the phone's screen itself.
    defaultViewport: null,
  })
  let timer
  try {
    const timeout = new Promise((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      )
    })
    const tab = await browser.newPage()
    if (page.account) await signInBrowser(tab, { baseURL, apiURL }, page.account)
    const url = new URL(page.path, baseURL).href
    const flags = { logLevel: 'error', onlyCategories: CATEGORIES, skipAudits: SKIPPED_AUDITS }
    const result = await Promise.race([lighthouse(url, flags, undefined, tab), timeout])
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.code)
    await saveScreenshot(lhr, label)
    await checkShown(tab, page)
    const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
      'LCP ms': Math.round(metric('largest-contentful-paint')),
      'TBT ms': Math.round(metric('total-blocking-time')),
      CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
    }
  } finally {
    clearTimeout(timer)
    await browser.disconnect()
    chrome.kill()
  }
}

/** The audited page must still be at its address and show its texts (a signed-out visit ends on /login). */
async function checkShown(tab, page) {
  if (!page.expectTexts) return
  const { pathname } = new URL(tab.url())
  if (pathname !== page.path) throw new WrongPage(`ended on ${pathname}, not ${page.path}`)
  const shown = await tab.evaluate(() => document.body.innerText)
  const missing = page.expectTexts.filter((expected) => !shown.includes(expected))
  if (missing.length) throw new WrongPage(`did not show ${missing.map((t) => JSON.stringify(t)).join(', ')}`)
}

async function saveScreenshot(lhr, label) {
  const data = lhr.audits['final-screenshot']?.details?.data
  if (!SCREENSHOTS_DIR || !data) return
  await mkdir(SCREENSHOTS_DIR, { recursive: true })
  const file = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.jpg`
  await writeFile(path.join(SCREENSHOTS_DIR, file), Buffer.from(data.split(',')[1], 'base64'))
}

async function auditWithRetries(urls, page, label) {
  for (let attempt = 0; ; attempt++) {
    try {
      const scores = await auditOnce(urls, page, label)
      console.error(
        `${label}: ${Object.entries(scores)
          .map(([id, value]) => `${id} ${value}`)
          .join(', ')}`,
      )
      return { scores }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof WrongPage) {
        console.error(`${label}: not the page asked for (${message})`)
        return { wrongPage: message }
      }
      console.error(`${label}: failed (${message})${attempt < RETRIES ? ', trying again' : ''}`)
      if (attempt >= RETRIES) return { failure: message }
    }
  }
}

const { baseURL, apiURL, runs, pages } = JSON.parse(await text(process.stdin))
const results = {}
for (const page of pages) {
  const result = { scores: [], failures: [], wrongPage: [] }
  for (let run = 1; run <= runs; run++) {
    const { scores, failure, wrongPage } = await auditWithRetries(
      { baseURL, apiURL },
      page,
      `Lighthouse ${page.path} run ${run}`,
    )
    if (scores) result.scores.push(scores)
    else if (wrongPage) result.wrongPage.push(wrongPage)
    else result.failures.push(failure)
  }
  results[page.path] = result
}
console.log(JSON.stringify(results))
