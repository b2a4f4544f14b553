import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect } from './expect'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] }

/**
 * Runs axe-core on the page as it is now and returns its violations. The source is evaluated
 * through the DevTools protocol rather than `page.addScriptTag`, because the server's
 * Content-Security-Policy (script-src 'self') rightly blocks an injected inline script.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
}

type AxeResults = {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
}

const describeViolation = (v: AxeViolation) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`

/**
 * Asserts that axe finds no violation, running it again while the page is still settling (a
 * dialog fading in, a lazy part arriving); a failure lists each violation on one line.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await expect.poll(async () => (await axeViolations(page)).map(describeViolation)).toEqual([])
}
