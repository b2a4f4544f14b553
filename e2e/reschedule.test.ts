import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { BOOKING_MESSAGES } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { appOptions, bookViaApi, chooseDate, clinicCalendar, openDayAfter } from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

const shotsDir = process.env.SHOTS_DIR
const TREATMENT = 'Pediatric Dental'

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** Days no other browser test books, one pair per width. */
const DAYS_AHEAD = { 375: [36, 38], 1280: [40, 42] } as const

async function freeSlotsOf(page: Page, date: string): Promise<string[]> {
  return (await appOptions(page, date)).find((option) => option.name === TREATMENT)?.slots ?? []
}

describe('rescheduling from My Appointment', () => {
  const browser = useBrowser()

  test.each([375, 1280] as const)(
    'at %i px: the patient moves a booking to another day and time',
    async (width) => {
      const account = await registerViaApi()
      const page = await browser.newPage({ width })
      const calendar = await clinicCalendar(page)
      const [fromDay, toDay] = DAYS_AHEAD[width].map((days) => openDayAfter(calendar, days)) as [
        string,
        string,
      ]
      const [fromSlot] = await freeSlotsOf(page, fromDay)
      await signIn(page, account)
      await page.goto('/dashboard')
      await bookViaApi(page, {
        appointmentDate: fromDay,
        treatmentName: TREATMENT,
        patientName: account.name,
        slot: fromSlot as string,
        phone: '01700 000022',
      })
      await page.reload()

      const row = page.getByRole('table').locator('tbody tr').first()
      await row
        .getByRole('button', { name: `Reschedule ${TREATMENT} on ${formatMediumDate(fromDay)}` })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' })
      await expect(dialog.getByLabel(`New time on ${formatMediumDate(fromDay)}`)).toBeVisible()
      await expectNoAxeViolations(page)
      if (shotsDir) {
        mkdirSync(shotsDir, { recursive: true })
        await page.screenshot({ path: path.join(shotsDir, `reschedule-dialog-${width}.png`), fullPage: true })
      }

      await chooseDate(page, toDay)
      const time = dialog.getByLabel(`New time on ${formatMediumDate(toDay)}`)
      // The day's free times arrive after the click: read them once their list is shown.
      await expect(time).toBeVisible()
      const toSlot = (await time.locator('option').allInnerTexts()).at(-1) as string
      await time.selectOption(toSlot)
      await dialog.getByRole('button', { name: 'Move Appointment' }).click()

      await expect(page.getByText(BOOKING_MESSAGES.rescheduled)).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(row).toContainText(formatMediumDate(toDay))
      await expect(row).toContainText(toSlot)
      expect(await freeSlotsOf(page, fromDay)).toContain(fromSlot)
      expect(await freeSlotsOf(page, toDay)).not.toContain(toSlot)
      await expectNoAxeViolations(page)
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
      if (shotsDir)
        await page.screenshot({ path: path.join(shotsDir, `reschedule-done-${width}.png`), fullPage: true })
    },
  )
})
