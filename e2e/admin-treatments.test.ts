import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { ClinicCalendarReply } from '@shared/clinic'
import { formatMediumDate, slotLabel } from '@shared/clinic-time'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { type Account, adminAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import {
  bookViaApi,
  callAsPage,
  chooseDate,
  dayButton,
  openDayAfter,
  optionCard,
  showMonth,
} from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { useServerWithAdmin } from './support/own-server'
import { payViaApi } from './support/payment'

const browser = useBrowser()
// Set SHOTS_DIR to keep full-page screenshots of the treatments page at 375 and 1280 px.
const shotsDir = process.env.SHOTS_DIR
// A server of its own: new treatments and holidays would change what the other files' tests see.
const server = useServerWithAdmin()

const { at } = server
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 6)}`
const calendarOf = async (page: Page): Promise<ClinicCalendarReply> =>
  (await page.request.get(at('/api/clinicCalendar'))).json()

async function signedInOn(path: string, account: Account, width?: number): Promise<Page> {
  const page = await browser.newPage(width ? { width } : {})
  await signIn(page, account, server.url)
  await page.goto(at(path))
  return page
}

/** A treatment with one 30-minute slot at `start`, made through the API by the admin's page. */
async function treatmentViaApi(admin: Page, name: string, start: string) {
  const created = await callAsPage(admin, 'POST', '/api/schedule/treatments', { name, price: 600 })
  const { treatment } = await created.json()
  await callAsPage(admin, 'POST', `/api/schedule/treatments/${treatment._id}/slots`, { start, minutes: 30 })
}

/** A new patient, signed in on a page of their own, with a booking of `treatment` at `slot` on `date`. */
async function patientWithBooking(treatment: string, date: string, slot: string) {
  const account = await registerViaApi(server.url)
  const page = await signedInOn('/dashboard', account)
  const bookingId = await bookViaApi(page, {
    appointmentDate: date,
    treatmentName: treatment,
    patientName: account.name,
    slot,
    phone: '01700 000013',
  })
  return { page, bookingId }
}

/** Home's card of the price-list group `category`. */
const priceGroup = (page: Page, category: string) =>
  page
    .getByTestId('pricing-category')
    .filter({ has: page.getByRole('heading', { name: category, exact: true }) })

/** Changes the treatment's category from `from` to `to` in its edit dialog on Manage Treatments. */
async function moveTreatment(admin: Page, name: string, from: string, to: string) {
  await admin.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Edit ${name}` })
  await expect(dialog.getByLabel('Category')).toHaveValue(from)
  await dialog.getByLabel('Category').selectOption(to)
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
}

const heading = (page: Page) => page.getByRole('heading', { name: 'Treatments', level: 1 })

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

describe('the treatments page', () => {
  test('a treatment created with a slot is offered on /appointment for a future date', async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount)
    await expect(heading(admin)).toBeVisible()
    await admin.getByRole('button', { name: 'Add treatment' }).click()
    await expect(admin.getByText('Treatment name is Required')).toBeVisible()

    const name = uniqueName('Gum Care')
    await admin.getByLabel('Treatment name').fill(name)
    await admin.getByLabel('Price (TK)').fill('450')
    await admin.getByRole('button', { name: 'Add treatment' }).click()
    await expect(admin.getByText('Treatment added')).toBeVisible()
    const card = admin.getByRole('article', { name })
    await expect(card.getByText('450 TK')).toBeVisible()
    await expect(card.getByText('No time slots: patients cannot book it yet.')).toBeVisible()

    await card.getByLabel('Start (clinic time)').fill('09:15')
    await card.getByLabel('Minutes').fill('45')
    await card.getByRole('button', { name: 'Add slot' }).click()
    await expect(admin.getByText('Time slot added')).toBeVisible()
    const label = slotLabel('09:15', 45)
    await expect(card.getByRole('button', { name: `Remove ${label} from ${name}` })).toBeVisible()
    await expectNoAxeViolations(admin)

    const visitor = await browser.newPage()
    const date = openDayAfter(await calendarOf(visitor), 6)
    await visitor.goto(at('/appointment'))
    await chooseDate(visitor, date)
    const option = optionCard(visitor, name)
    await expect(option.getByText(label, { exact: true })).toBeVisible()
    await expect(option.getByText('450 TK')).toBeVisible()
    await expect(option.getByRole('button', { name: 'Book Appointment' })).toBeEnabled()
  })

  test("retiring a treatment with a booking says how many; 'Keep them' keeps it on the patient's dashboard", async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount)
    const name = uniqueName('Night Guard')
    await treatmentViaApi(admin, name, '11:00')
    const date = openDayAfter(await calendarOf(admin), 8)
    const { page: patient } = await patientWithBooking(name, date, '11:00 AM - 11:30 AM')
    await admin.reload()

    await admin.getByRole('button', { name: `Retire ${name}` }).click()
    const dialog = admin.getByRole('dialog', { name: `Retire ${name}?` })
    await expect(dialog.getByText('This affects 1 upcoming appointment.')).toBeVisible()
    await expectNoAxeViolations(admin)
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(admin.getByRole('article', { name })).toBeVisible()

    await admin.getByRole('button', { name: `Retire ${name}` }).click()
    await dialog.getByRole('button', { name: 'Keep them' }).click()
    await expect(admin.getByText('Treatment retired: 1 appointment kept')).toBeVisible()
    await expect(admin.getByRole('article', { name })).toHaveCount(0)
    await admin.getByText(/^Retired treatments/).click()
    await expect(admin.getByText(name, { exact: true })).toBeVisible()

    await patient.reload()
    const row = patient.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText(formatMediumDate(date))
    await expect(row).toContainText('Upcoming')
  })

  test("removing a booked slot with 'Cancel them and notify patients' cancels the booking", async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount)
    const name = uniqueName('Fluoride Varnish')
    await treatmentViaApi(admin, name, '14:00')
    const date = openDayAfter(await calendarOf(admin), 9)
    const { page: patient } = await patientWithBooking(name, date, '02:00 PM - 02:30 PM')
    await admin.reload()

    await admin.getByRole('button', { name: `Remove 02:00 PM - 02:30 PM from ${name}` }).click()
    const dialog = admin.getByRole('dialog', { name: 'Remove 02:00 PM - 02:30 PM?' })
    await expect(dialog.getByText('This affects 1 upcoming appointment.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel them and notify patients' }).click()
    await expect(
      admin.getByText('Time slot removed: 1 appointment cancelled and the patients notified'),
    ).toBeVisible()
    await expect(
      admin.getByRole('article', { name }).getByText('No time slots: patients cannot book it yet.'),
    ).toBeVisible()

    await patient.reload()
    await expect(patient.getByRole('row').filter({ hasText: name })).toContainText('Cancelled')
  })

  test("retiring with 'Cancel them and notify patients' refunds a paid booking in full and cancels both", async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount)
    const name = uniqueName('Whitening')
    await treatmentViaApi(admin, name, '15:00')
    const calendar = await calendarOf(admin)
    const slot = '03:00 PM - 03:30 PM'
    const unpaid = await patientWithBooking(name, openDayAfter(calendar, 10), slot)
    const paid = await patientWithBooking(name, openDayAfter(calendar, 11), slot)
    await payViaApi(paid.page, paid.bookingId)
    await admin.reload()

    await admin.getByRole('button', { name: `Retire ${name}` }).click()
    const dialog = admin.getByRole('dialog', { name: `Retire ${name}?` })
    await expect(dialog.getByText('This affects 2 upcoming appointments (1 paid).')).toBeVisible()
    await expect(dialog.getByText(/Paid appointments are refunded in full first\./)).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel them and notify patients' }).click()
    await expect(
      admin.getByText(
        'Treatment retired: 2 appointments cancelled (1 paid, refunded in full) and the patients notified',
      ),
    ).toBeVisible()

    for (const patient of [unpaid.page, paid.page]) {
      await patient.reload()
      await expect(patient.getByRole('row').filter({ hasText: name })).toContainText('Cancelled')
    }
  })

  test('a holiday added for a date leaves that date without slots', async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount)
    const date = openDayAfter(await calendarOf(admin), 44)
    await admin.getByLabel('Date', { exact: true }).fill(date)
    await admin.getByLabel('Reason (optional)').fill('Clinic renovation')
    await admin.getByRole('button', { name: 'Add holiday' }).click()
    await expect(admin.getByText('Holiday added')).toBeVisible()
    const holidays = admin.getByRole('list', { name: 'Holidays' })
    await expect(holidays.getByText(formatMediumDate(date))).toBeVisible()
    await expect(holidays.getByText('Clinic renovation')).toBeVisible()

    const options = (await (await admin.request.get(at(`/api/appOptions?date=${date}`))).json()).options
    expect(options.length).toBeGreaterThan(0)
    expect(options.filter((o: { slots: string[] }) => o.slots.length > 0)).toEqual([])
    const visitor = await browser.newPage()
    await visitor.goto(at('/appointment'))
    await showMonth(visitor, date)
    await expect(dayButton(visitor, date)).toBeDisabled()
  })

  test('at 375 px nothing scrolls sideways, every action is in reach and axe finds nothing', async () => {
    const admin = await signedInOn('/dashboard/treatments', adminAccount, 375)
    await expect(heading(admin)).toBeVisible()
    const card = admin.getByRole('article', { name: 'Teeth Cleaning' })
    await expect(card).toBeVisible()
    expect(await sideways(admin)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(admin)
    const actions = [
      card.getByRole('button', { name: 'Edit Teeth Cleaning' }),
      card.getByRole('button', { name: 'Retire Teeth Cleaning' }),
      card.getByRole('button', { name: /^Remove 05:30 PM - 06:00 PM/ }),
      card.getByRole('button', { name: 'Add slot' }),
      admin.getByRole('button', { name: 'Save closed days' }),
      admin.getByRole('button', { name: 'Add holiday' }),
    ]
    for (const action of actions) {
      await action.scrollIntoViewIfNeeded()
      const box = await action.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 375, `${action} inside the window`).toBe(true)
    }
    await card.getByRole('button', { name: 'Edit Teeth Cleaning' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Edit Teeth Cleaning' })
    await dialog.getByLabel('Price (TK)').fill('12.5')
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog.getByText('The price must be a whole number of taka')).toBeVisible()
    await expectNoAxeViolations(admin)
    expect(await sideways(admin)).toBeLessThanOrEqual(0)
  })

  test.each([375, 1280])(
    "at %i px: a treatment's category places it in that group of Home's prices; a group left empty is not shown",
    async (width) => {
      const admin = await signedInOn('/dashboard/treatments', adminAccount, width)
      const name = uniqueName('Veneers')
      await admin.getByLabel('Treatment name').fill(name)
      await admin.getByLabel('Price (TK)').fill('5200')
      await admin.getByLabel('Category').selectOption('Cosmetic')
      await admin.getByRole('button', { name: 'Add treatment' }).click()
      await expect(admin.getByText('Treatment added')).toBeVisible()
      await expect(admin.getByRole('article', { name }).getByText('Cosmetic', { exact: true })).toBeVisible()

      const visitor = await browser.newPage({ width })
      await visitor.goto(at('/'))
      await expect(
        priceGroup(visitor, 'Cosmetic').locator('dl > div').filter({ hasText: name }),
      ).toContainText('5200 TK')
      await expect(priceGroup(visitor, 'Hygiene')).toContainText('Teeth Cleaning')

      // Teeth Cleaning is the demo clinic's only Hygiene treatment: moved, it leaves the group empty.
      await moveTreatment(admin, 'Teeth Cleaning', 'Hygiene', 'Dental Essentials')
      await expect(admin.getByRole('dialog')).toHaveCount(0)
      await expectNoAxeViolations(admin)
      expect(await sideways(admin)).toBeLessThanOrEqual(0)
      if (shotsDir)
        await admin.screenshot({ path: path.join(shotsDir, `treatments-${width}.png`), fullPage: true })
      await visitor.reload()
      await expect(priceGroup(visitor, 'Dental Essentials')).toContainText('Teeth Cleaning')
      await expect(visitor.getByTestId('pricing-category')).toHaveCount(3)
      await expect(priceGroup(visitor, 'Hygiene')).toHaveCount(0)
      await visitor.locator('#pricing').scrollIntoViewIfNeeded()
      await expectNoAxeViolations(visitor)

      await moveTreatment(admin, 'Teeth Cleaning', 'Dental Essentials', 'Hygiene')
      await expect(admin.getByRole('dialog')).toHaveCount(0)
      await visitor.reload()
      await expect(priceGroup(visitor, 'Hygiene')).toContainText('Teeth Cleaning')
    },
  )

  test('a patient is sent to /login', async () => {
    const patient = await signedInOn('/dashboard/treatments', await registerViaApi(server.url))
    await expect(patient).toHaveURL(/\/login$/)
  })
})
