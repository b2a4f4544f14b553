import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { adminAccount, newAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { callAsPage } from './support/booking'
import { useBrowser } from './support/browser'
import { addDoctorViaApi, firstSpecialty } from './support/doctors'
import { expect } from './support/expect'

const browser = useBrowser()
/** The name the server gives the ADMIN_EMAIL account it creates (admin-bootstrap.ts). */
const ADMIN_NAME = 'Clinic Admin'

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const auditEntries = (page: Page) =>
  page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('listitem')

describe('the audit log reads as sentences', () => {
  test.each([375, 1280])(
    'at %i px: names, not ids; the raw entry one click away; no axe violation',
    async (width) => {
      const page = await browser.newPage({ width, height: 800 })
      await signIn(page, adminAccount)
      await page.goto('/dashboard')
      const patient = await registerViaApi(undefined, newAccount(`Farida Sentence ${width}`))
      const doctor = await addDoctorViaApi(page, await firstSpecialty(page), `Dr Audit ${width}`)
      const removed = await callAsPage(page, 'DELETE', `/api/doctors/${doctor._id}`)
      expect(removed.status()).toBe(200)

      await page.goto('/dashboard/audit')
      const entries = auditEntries(page)
      const removal = entries.filter({ hasText: `${ADMIN_NAME} removed the doctor ${doctor.name}.` })
      await expect(removal).toHaveCount(1)
      await expect(entries.filter({ hasText: `${ADMIN_NAME} added the doctor ${doctor.name}.` })).toHaveCount(
        1,
      )
      await expect(entries.filter({ hasText: `${patient.name} created an account.` })).toHaveCount(1)
      // Clinic time, in the one format of the site: 'Nov 26, 2026, 07:05 PM'.
      await expect(removal.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M$/)

      const sentences = await entries.locator('p').allInnerTexts()
      for (const sentence of sentences) {
        expect(sentence).not.toMatch(UUID)
        expect(sentence).not.toContain('_')
      }

      const raw = removal.locator('pre')
      await expect(raw).toBeHidden()
      await removal.getByText('Show raw entry').click()
      await expect(raw).toBeVisible()
      await expect(raw).toContainText('"event": "doctor_deleted"')
      await expect(raw).toContainText(doctor._id)

      await expectNoAxeViolations(page)
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
    },
  )

  test('the action filter still narrows the sentences to one event', async () => {
    const page = await browser.newPage()
    await signIn(page, adminAccount)
    await page.goto('/dashboard/audit')
    await page.getByLabel('Action').selectOption('doctor_deleted')
    await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'doctor_deleted')
    await expect
      .poll(async () => {
        const sentences = await auditEntries(page).locator('p').allInnerTexts()
        return (
          sentences.length > 0 &&
          sentences.every((text) => text.startsWith(`${ADMIN_NAME} removed the doctor `))
        )
      })
      .toBe(true)
  })
})
