import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { type Account, adminAccount, newAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { adminEnv } from './support/own-server'
import { type RunningServer, startServer, tempDataDir } from './support/server'
import { inStoppedDatabase } from './support/stopped-database'

const browser = useBrowser()

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * `count` past Teeth Cleaning appointments of the patient, marked attended, written into the
 * stopped server's database: the front desk can mark only an appointment that has started, and
 * the browser tests run on the real clock (the agenda's own browser test covers the marking).
 */
function seedAttendedVisits(dataDir: string, email: string, count: number) {
  return inStoppedDatabase(dataDir, (db) =>
    db.query(
      `INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
         treatment_name, slot_label, price_tk, patient_name, phone, attendance, attendance_marked_at)
       SELECT u.id, t.id, s.id, current_date - n, (current_date - n) + s.starts_at,
         (current_date - n) + s.starts_at + make_interval(mins => s.duration_minutes), t.name,
         to_char(s.starts_at, 'HH12:MI AM') || ' - '
           || to_char(s.starts_at + make_interval(mins => s.duration_minutes), 'HH12:MI AM'),
         t.price_tk, u.name, '01700 000000', 'attended', now()
       FROM users u, generate_series(1, $2::int) n,
         LATERAL (SELECT * FROM treatments WHERE name = 'Teeth Cleaning') t,
         LATERAL (SELECT * FROM treatment_slots WHERE treatment_id = t.id ORDER BY starts_at LIMIT 1) s
       WHERE u.email = $1`,
      [email, count],
    ),
  )
}

describe('a review, from the patient to the public page', () => {
  let server: RunningServer
  let patient: Account

  // A server of its own: its database is written to while it is stopped.
  beforeAll(async () => {
    const dataDir = await tempDataDir()
    const first = await startServer({ dataDir, env: adminEnv })
    patient = await registerViaApi(first.url, newAccount('Nadia Islam'))
    await first.stop()
    await seedAttendedVisits(dataDir, patient.email, 2)
    server = await startServer({ dataDir, env: adminEnv })
  }, 120_000)
  afterAll(() => server?.stop())

  test.each([375, 1280])(
    'at %i px: the patient reviews an attended visit, an admin approves it, and /reviews shows it',
    async (width) => {
      const words = `Gentle and on time ${randomUUID().slice(0, 8)}`
      const page = await browser.newPage({ width, height: 800 })
      await signIn(page, patient, server.url)
      await page.goto(`${server.url}/dashboard`)
      await page
        .getByRole('button', { name: /^Leave a review of Teeth Cleaning/ })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: 'Leave a review' })
      await dialog.getByRole('button', { name: 'Send review' }).click()
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible()
      await expectNoAxeViolations(page)
      await dialog.getByRole('radio', { name: '5 stars' }).check()
      await dialog.getByRole('textbox', { name: 'Your review' }).fill(words)
      await dialog.getByRole('button', { name: 'Send review' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(page.getByText('Review awaiting approval').first()).toBeVisible()
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page)

      const admin = await browser.newPage({ width, height: 800 })
      await signIn(admin, adminAccount, server.url)
      await admin.goto(`${server.url}/dashboard`)
      await admin
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Reviews' })
        .click()
      await expect(admin.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible()
      const card = admin.getByRole('article').filter({ hasText: words })
      await expect(card.getByText('Pending', { exact: true })).toBeVisible()
      await card.getByRole('button', { name: 'Approve' }).click()
      await expect(card).toContainText('Approved by Clinic Admin')
      await expect.poll(() => sideways(admin)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(admin)

      const visitor = await browser.newPage({ width, height: 800 })
      await visitor.goto(`${server.url}/reviews`)
      const shown = visitor.getByTestId('testimonials').locator(':scope > li').filter({ hasText: words })
      await expect(shown).toContainText('Nadia')
      await expect(shown).not.toContainText('Islam')
      await expect(shown.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
      await expect.poll(() => sideways(visitor)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(visitor)
    },
  )
})
