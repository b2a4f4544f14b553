import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { AGENDA_MESSAGES } from '@shared/agenda'
import type { ClinicCalendarReply } from '@shared/clinic'
import { formatMediumDate } from '@shared/clinic-time'
import { PHONE_MESSAGES } from '@shared/phone'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { type Account, adminAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import {
  availableHeading,
  bookViaApi,
  callAsPage,
  chooseDate,
  openDayAfter,
  optionCard,
} from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { useServerWithAdmin } from './support/own-server'
import { payViaApi } from './support/payment'
import { daysAheadForThisTry } from './support/retry-days'

// Clean data and a calmer front desk (decision 0028). A server of its own: the holiday would change
// what the other files' tests see.
const browser = useBrowser()
const server = useServerWithAdmin()

const { at } = server
const calendarOf = async (page: Page): Promise<ClinicCalendarReply> =>
  (await page.request.get(at('/api/clinicCalendar'))).json()
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

async function signedInOn(path: string, account: Account, width: number): Promise<Page> {
  const page = await browser.newPage({ width, height: 800 })
  await signIn(page, account, server.url)
  await page.goto(at(path))
  return page
}

async function expectTidy(page: Page) {
  await expectNoAxeViolations(page)
  await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
}

// Set SHOTS_DIR to keep screenshots of the pages checked.
const shotsDir = process.env.SHOTS_DIR
async function keepShot(page: Page, name: string) {
  if (!shotsDir) return
  mkdirSync(shotsDir, { recursive: true })
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true })
}

/** Each width books days of its own: one booking per treatment per day. */
const daysAhead = { 375: 10, 1280: 20 } as const

describe.each([375, 1280] as const)('at %i px', (width) => {
  test('the booking form refuses a phone that is none; the agenda shows the stored number nationally', async () => {
    const patient = await registerViaApi(server.url)
    const page = await signedInOn('/appointment', patient, width)
    const date = openDayAfter(await calendarOf(page), daysAhead[width])
    await chooseDate(page, date)
    await expect(availableHeading(page)).toContainText(formatMediumDate(date))
    await optionCard(page, 'Teeth Cleaning').getByRole('button', { name: 'Book Appointment' }).click()
    const modal = page.getByRole('dialog')
    await modal.getByLabel('Phone Number').fill('abc')
    await modal.getByRole('button', { name: 'Submit' }).click()
    await expect(modal.getByText(PHONE_MESSAGES.invalid)).toBeVisible()
    await expect(modal.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    await keepShot(page, `phone-refused-${width}`)
    await modal.getByLabel('Phone Number').fill('01712345678')
    await modal.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Booking Confirmed 🎉')).toBeVisible()

    const admin = await signedInOn(`/dashboard/agenda?date=${date}`, adminAccount, width)
    const row = admin.getByRole('row').filter({ hasText: patient.name })
    await expect(row.getByRole('link', { name: '01712-345678' })).toHaveAttribute(
      'href',
      'tel:+8801712345678',
    )
  })

  test('on the agenda, attendance waits for the start and says why; a holiday shows as closed', async () => {
    const patient = await registerViaApi(server.url)
    const booker = await signedInOn('/dashboard', patient, width)
    const date = openDayAfter(
      await calendarOf(booker),
      daysAheadForThisTry(`agenda-holiday|${width}`, daysAhead[width] + 2),
    )
    await bookViaApi(booker, {
      appointmentDate: date,
      treatmentName: 'Oral Surgery',
      patientName: patient.name,
      slot: '10:00 AM - 10:30 AM',
      phone: '01811 223344',
    })
    const admin = await signedInOn('/dashboard', adminAccount, width)
    const added = await callAsPage(admin, 'POST', '/api/schedule/holidays', {
      date,
      reason: 'Victory Day',
      affectedBookings: 'keep',
    })
    expect(added.status()).toBe(201)
    await admin.goto(at(`/dashboard/agenda?date=${date}`))
    await expect(admin.getByRole('status').filter({ hasText: 'Closed.' })).toHaveText(
      'Closed. Holiday: Victory Day. No patient can book this day.',
    )
    const row = admin.getByRole('row').filter({ hasText: patient.name })
    for (const name of ['Attended', 'No-show']) {
      const button = row.getByRole('button', { name })
      await expect(button).toBeDisabled()
      await expect(button).toHaveAccessibleDescription(AGENDA_MESSAGES.tooEarly)
    }
    await expect(row.getByText(AGENDA_MESSAGES.tooEarly)).toBeVisible()
    await expectTidy(admin)
    await keepShot(admin, `closed-agenda-${width}`)
  })

  test("a refunded booking reads 'Refunded' on My Appointment, not its fee", async () => {
    const patient = await registerViaApi(server.url)
    const page = await signedInOn('/dashboard', patient, width)
    const date = openDayAfter(
      await calendarOf(page),
      daysAheadForThisTry(`refunded|${width}`, daysAhead[width] + 4),
    )
    const bookingId = await bookViaApi(page, {
      appointmentDate: date,
      treatmentName: 'Teeth Cleaning',
      patientName: patient.name,
      slot: '11:00 AM - 11:30 AM',
      phone: '01712345678',
    })
    await payViaApi(page, bookingId)
    expect((await callAsPage(page, 'DELETE', `/api/bookings/${bookingId}`)).status()).toBe(200)
    await page.reload()
    const row = page.getByRole('row').filter({ hasText: 'Teeth Cleaning' })
    await expect(row).toContainText('Refunded')
    await expect(row).toContainText('Cancelled')
    await expect(row).not.toContainText('TK')
    await expectTidy(page)
    await keepShot(page, `my-appointment-${width}`)
  })

  test('the treatments page writes slots as every other page does', async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount, width)
    const card = admin.getByRole('article', { name: 'Teeth Cleaning' })
    await expect(card.getByText('08:00 AM - 08:30 AM', { exact: true })).toBeVisible()
    await expect(card.getByText(/\d\d:\d\d–/)).toHaveCount(0)
    await expectTidy(admin)
    await keepShot(admin, `treatments-${width}`)
  })
})

test('on a phone the free slots come right after the calendar; on a desktop the illustration stays beside it', async () => {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ width, height: 800 })
    await page.goto(at('/appointment'))
    const calendar = page.getByRole('grid')
    await expect(calendar).toBeVisible()
    const illustration = page.locator('svg[viewBox="0 0 480 380"]')
    if (width === 375) await expect(illustration).toBeHidden()
    else await expect(illustration).toBeVisible()
    if (width === 375) {
      const calendarBox = await calendar.boundingBox()
      const headingBox = await availableHeading(page).boundingBox()
      const calendarBottom = (calendarBox?.y ?? 0) + (calendarBox?.height ?? 0)
      // The calendar's frame and the two sections' padding, no illustration (380 px tall) between.
      expect((headingBox?.y ?? 0) - calendarBottom).toBeLessThan(160)
    }
    await expectTidy(page)
    await keepShot(page, `appointment-${width}`)
  }
})
