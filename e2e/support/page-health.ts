import type { Page } from 'playwright-core'

/**
 * Every error the page reports from now on: thrown, or logged to the console (which is where
 * React reports HTML it could not hydrate). `ignore` leaves out console lines an address is
 * expected to cause, such as a not-found page's own 404.
 */
export function collectErrors(page: Page, ignore?: RegExp): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore?.test(message.text())) errors.push(message.text())
  })
  return errors
}

/** From the page's next load on, its layout shifts are summed as Lighthouse sums them for CLS. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { shifted: number }
    record.shifted = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) record.shifted += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shifts summed so far, read after the next frame so that its shift counts too. */
export const layoutShifted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve((window as unknown as { shifted: number }).shifted)),
      ),
  )

/**
 * From the page's next load on, every breach of the content security policy it reports, as
 * `directive blocked-uri`: a refused `eval` is reported even when the script catches it.
 */
export async function recordPolicyViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { violations: string[] }
    record.violations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      record.violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
}

/** The breaches of the content security policy reported since the page loaded. */
export const policyViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations)
