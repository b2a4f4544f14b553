import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { formatMediumDate } from '@shared/clinic-time'
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { type Account, adminAccount, logInWithForm, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import {
  bookViaApi,
  callAsPage,
  chooseDate,
  clinicCalendar,
  openDayAfter,
  optionCard,
} from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { mailedOfferLink } from './support/outbox'
import { useServerWithAdmin } from './support/own-server'

const shotsDir = process.env.SHOTS_DIR
const SLOT = '10:00 AM - 10:30 AM'
/** The freed slot wakes the offer job within a second (decision 0036); its minute's turn, and a busy machine, may take longer. */
const OFFER_WAIT_MS = 100_000

const browser = useBrowser()
// A server of its own: its outbox folder holds the offer mail, and its new treatments stay out of the other files' days.
const server = useServerWithAdmin()

const { at } = server

async function signedInOn(pathname: string, account: Account, width?: number): Promise<Page> {
  const page = await browser.newPage(width ? { width } : {})
  await signIn(page, account, server.url)
  await page.goto(at(pathname))
  return page
}

/** A new treatment with one slot, so that one booking fills its day; a try of its own never meets an earlier try's. */
async function oneSlotTreatment(): Promise<string> {
  const admin = await signedInOn('/dashboard', adminAccount)
  const name = `Waitlist ${randomUUID().slice(0, 6)}`
  const created = await callAsPage(admin, 'POST', '/api/schedule/treatments', { name, price: 600 })
  const { treatment } = await created.json()
  await callAsPage(admin, 'POST', `/api/schedule/treatments/${treatment._id}/slots`, {
    start: '10:00',
    minutes: 30,
  })
  await admin.close()
  return name
}

const DAYS_AHEAD = { 375: 12, 1280: 14 } as const

const notifyDialog = (page: Page, treatment: string) =>
  page.getByRole('dialog', { name: `Notify me: ${treatment}` })

async function openNotifyMe(page: Page, treatment: string, date: string) {
  await page.goto(at('/appointment'))
  await chooseDate(page, date)
  await optionCard(page, treatment).getByRole('button', { name: 'Notify me' }).click()
}

/** A visitor asks to be notified, signs in on the way, and comes back to the same day's dialog. */
async function signInFromNotifyMe(page: Page, patient: Account, treatment: string, date: string) {
  await openNotifyMe(page, treatment, date)
  await notifyDialog(page, treatment).getByRole('link', { name: 'Please Login For Book Appointment' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/login')
  await logInWithForm(page, patient)
  await expect(page).toHaveURL((url) => url.pathname === '/appointment')
  await expect(notifyDialog(page, treatment).getByLabel('Date')).toHaveValue(formatMediumDate(date))
}

async function notifyMe(page: Page, treatment: string, date: string, width: number, shot: string) {
  if (!(await notifyDialog(page, treatment).isVisible())) await openNotifyMe(page, treatment, date)
  const card = optionCard(page, treatment)
  const dialog = notifyDialog(page, treatment)
  await dialog.getByLabel('Phone Number').fill('01700 000022')
  await expectNoAxeViolations(page)
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${shot}-${width}.png`), fullPage: true })
  await dialog.getByRole('button', { name: 'Notify me' }).click()
  await expect(page.getByText(WAITLIST_MESSAGES.joined)).toBeVisible()
  await expect(card.getByText('You are on the waitlist for this day.')).toBeVisible()
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

describe('the waitlist of a full day', () => {
  // One after the other: the pages of one file share the browser's storage, so two patients
  // signed in at once would sign each other out. A retry's new treatment never meets an earlier try's.
  test.each([375, 1280] as const)(
    'at %i px: a visitor signs in from Notify me and joins, leaves and joins again; a freed slot is offered by mail and booked in one click',
    async (width) => {
      if (shotsDir) mkdirSync(shotsDir, { recursive: true })
      const treatment = await oneSlotTreatment()
      const firstPatient = await registerViaApi(server.url)
      const first = await signedInOn('/dashboard', firstPatient)
      const date = openDayAfter(await clinicCalendar(first), DAYS_AHEAD[width])
      const bookingId = await bookViaApi(first, {
        appointmentDate: date,
        treatmentName: treatment,
        patientName: firstPatient.name,
        slot: SLOT,
        phone: '01700 000021',
      })

      const patient = await registerViaApi(server.url)
      const page = await browser.newPage({ width })
      await signInFromNotifyMe(page, patient, treatment, date)
      await notifyMe(page, treatment, date, width, 'waitlist-notify-me')

      await page.goto(at('/dashboard'))
      const section = page.getByRole('region', { name: 'Waitlist' })
      await expect(section).toContainText(treatment)
      await expect(section).toContainText(formatMediumDate(date))
      await expectNoAxeViolations(page)
      if (shotsDir)
        await page.screenshot({
          path: path.join(shotsDir, `waitlist-dashboard-${width}.png`),
          fullPage: true,
        })
      await section
        .getByRole('button', { name: `Remove ${treatment} on ${formatMediumDate(date)} from the waitlist` })
        .click()
      await expect(page.getByText(WAITLIST_MESSAGES.left)).toBeVisible()
      await expect(section).toBeHidden()

      await notifyMe(page, treatment, date, width, 'waitlist-notify-me-again')
      const frontDesk = await signedInOn(`/dashboard/agenda?date=${date}`, adminAccount, width)
      await expect(frontDesk.getByText(/^Waitlist:/).locator('..')).toHaveText(
        new RegExp(`${treatment} \\(1 patient\\)`),
      )
      await frontDesk.close()
      const cancelled = await callAsPage(first, 'DELETE', `/api/bookings/${bookingId}`)
      expect(cancelled.status()).toBe(200)
      await first.close()

      await expect
        .poll(() => mailedOfferLink(server.dataDir, patient.email), {
          timeout: OFFER_WAIT_MS,
          intervals: [1000],
        })
        .not.toBeNull()
      const link = (await mailedOfferLink(server.dataDir, patient.email)) as string
      await page.goto(at(new URL(link).pathname))
      await expect(page.getByRole('heading', { name: treatment })).toBeVisible()
      await expect(page.getByText(SLOT)).toBeVisible()
      await expectNoAxeViolations(page)
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
      if (shotsDir)
        await page.screenshot({ path: path.join(shotsDir, `waitlist-offer-${width}.png`), fullPage: true })

      await page.getByRole('button', { name: 'Book this slot' }).click()
      await expect(page).toHaveURL(at('/dashboard'))
      await expect(page.getByText('Booking Confirmed 🎉')).toBeVisible()
      const row = page.getByRole('table').locator('tbody tr').first()
      await expect(row).toContainText(treatment)
      await expect(row).toContainText(SLOT)
      await expect(page.getByRole('region', { name: 'Waitlist' })).toBeHidden()
      await expectNoAxeViolations(page)
    },
    OFFER_WAIT_MS + 90_000,
  )
})
