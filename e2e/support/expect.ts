import { expect as playwrightExpect } from '@playwright/test'

/**
 * Playwright Test's `expect`, used inside Vitest: an assertion on a locator or a page
 * (`toBeVisible`, `toHaveText`, `toHaveURL`, `toHaveCount`, …) retries until it holds or the
 * timeout ends, as a person waits for the screen, so a test never needs a hand-written wait or a
 * sleep. `expect.poll` retries any other read of the page the same way; on plain values it is the
 * usual Jest-style `expect`.
 *
 * 10 s rather than Playwright's 5 s: the machine running the suite is shared and often busy, and
 * the slowest honest wait (a lazy page chunk under load) must still fit inside one test's 30 s.
 */
export const expect = playwrightExpect.configure({ timeout: 10_000 })
