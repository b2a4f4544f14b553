import { BOOKING_MESSAGES, type CreateBookingBody } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { type Account, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { appOptions, bookViaApi, callAsPage, clinicCalendar, openDayAfter } from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { payViaApi } from './support/payment'
import { daysAheadForThisTry } from './support/retry-days'
import { type RunningServer, startServer } from './support/server'

type Booked = { account: Account; id: string; date: string; body: CreateBookingBody }

/**
 * A new patient, signed in on `page` (on `baseURL`'s server), with one booking. Each test uses its
 * own day and treatment, so that tests running side by side never want the same slot.
 */
async function patientWithBooking(
  page: Page,
  booking: { treatment: string; slot: string; daysAhead: number },
  baseURL?: string,
): Promise<Booked> {
  const account = await registerViaApi(baseURL)
  await signIn(page, account, baseURL)
  await page.goto(`${baseURL ?? ''}/dashboard`)
  // No other test here uses the same treatment and time: three weeks later is free on a retry.
  const daysAhead = daysAheadForThisTry(`${baseURL}|${booking.treatment}|${booking.slot}`, booking.daysAhead)
  const date = openDayAfter(await clinicCalendar(page), daysAhead)
  const body = {
    appointmentDate: date,
    treatmentName: booking.treatment,
    patientName: account.name,
    slot: booking.slot,
    phone: '01700 000012',
  }
  return { account, id: await bookViaApi(page, body), date, body }
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \d+ TK$/ })
const bookingRow = (page: Page) => page.getByRole('table').locator('tbody tr').first()

async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM/YY)').fill(expiry)
  await page.getByLabel('CVC').fill(cvc)
}

/** Holds the page's calls to `path` until `release` is called. */
async function holdCalls(page: Page, path: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`**${path}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Nothing on the page is wider than the window, so nothing needs sideways scrolling. */
async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }))
  expect(widths.content, 'page width at a 375 px window').toBeLessThanOrEqual(widths.window)
}

describe('the payment page (sandbox processor)', () => {
  const browser = useBrowser()

  test('a declined card shows the message with the suffix; another card on the same page pays, then Paid', async () => {
    const page = await browser.newPage()
    const { account, id, date } = await patientWithBooking(page, {
      treatment: 'Teeth Cleaning',
      slot: '09:00 AM - 09:30 AM',
      daysAhead: 18,
    })
    await page.reload()
    await bookingRow(page).getByRole('link', { name: 'Pay' }).click()
    await expect(page).toHaveURL((url) => url.pathname === `/dashboard/payment/${id}`)
    await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible()

    const summary = page.getByRole('region', { name: 'Service summary' })
    await expect(summary.locator('dt')).toHaveText(['Treatment', 'Date', 'Time', 'Patient', 'Price', 'Total'])
    await expect(summary.locator('dd')).toHaveText([
      'Teeth Cleaning',
      formatMediumDate(date),
      '09:00 AM - 09:30 AM',
      account.name,
      '800 TK',
      '800 TK',
    ])
    await expect(page.getByRole('region', { name: 'Test processor' })).toContainText('4242 4242 4242 4242')
    await expect(payButton(page)).toHaveText('Pay 800 TK')
    await expect(payButton(page)).toBeDisabled()
    await expectNoAxeViolations(page)

    await fillCard(page, '4000000000000002')
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002')
    await payButton(page).click()
    await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please Try Again!')
    await expect(page).toHaveURL((url) => url.pathname === `/dashboard/payment/${id}`)
    await expectNoAxeViolations(page)

    await fillCard(page, '4242 4242 4242 4242')
    await expect(payButton(page)).toBeEnabled()
    await payButton(page).click()
    const success = page.getByRole('dialog', { name: 'Congratulations!' })
    await expect(success).toContainText('Your Payment Is Completed!')
    await expectNoAxeViolations(page)
    await success.getByRole('button', { name: 'Go to My Appointment' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard')
    await expect(bookingRow(page).getByText('Paid', { exact: true })).toBeVisible()
    await expect(bookingRow(page).getByRole('link', { name: 'Pay' })).toHaveCount(0)
  })

  test('Pay waits for the client secret and a complete card, and is disabled while paying', async () => {
    const page = await browser.newPage()
    const { id } = await patientWithBooking(page, {
      treatment: 'Cavity Protection',
      slot: '09:30 AM - 10:00 AM',
      daysAhead: 19,
    })
    const releaseSecret = await holdCalls(page, '/api/create-payment-intent')
    await page.goto(`/dashboard/payment/${id}`)
    await fillCard(page, '4242424242424242', '12/3')
    await expect(payButton(page)).toBeDisabled()
    await page.getByLabel('Expiry (MM/YY)').fill('12/34')
    // The form is complete, the client secret is still on its way.
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34')
    await expect(payButton(page)).toBeDisabled()
    releaseSecret()
    await expect(payButton(page)).toBeEnabled()

    const releaseConfirm = await holdCalls(page, '/api/payments/sandbox/confirm')
    await payButton(page).click()
    await expect(payButton(page)).toBeDisabled()
    await expect(page.getByLabel('Card number')).toBeDisabled()
    releaseConfirm()
    await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible()
    await expect(payButton(page)).toBeDisabled()
  })

  test('a paid, a cancelled and an unknown booking show why instead of the form', async () => {
    const page = await browser.newPage()
    const { id } = await patientWithBooking(page, {
      treatment: 'Pediatric Dental',
      slot: '10:00 AM - 10:30 AM',
      daysAhead: 20,
    })
    await payViaApi(page, id)
    await page.goto(`/dashboard/payment/${id}`)
    await expect(page.getByText(PAYMENT_MESSAGES.alreadyPaid)).toBeVisible()
    await expect(page.getByLabel('Card number')).toHaveCount(0)

    const other = await patientWithBooking(await browser.newPage(), {
      treatment: 'Pediatric Dental',
      slot: '10:30 AM - 11:00 AM',
      daysAhead: 20,
    })
    expect((await callAsPage(page, 'DELETE', `/api/bookings/${other.id}`)).status()).toBe(404)
    await page.goto(`/dashboard/payment/${other.id}`)
    await expect(page.getByRole('alert')).toContainText(BOOKING_MESSAGES.notFound)
    await expect(page.getByRole('link', { name: 'Back to My Appointment' })).toBeVisible()

    const laterDay = openDayAfter(await clinicCalendar(page), 24)
    const cancelled = await bookViaApi(page, { ...other.body, appointmentDate: laterDay })
    expect((await callAsPage(page, 'DELETE', `/api/bookings/${cancelled}`)).status()).toBe(200)
    await page.goto(`/dashboard/payment/${cancelled}`)
    await expect(page.getByText(PAYMENT_MESSAGES.cancelled)).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('Cancel on a paid booking refunds it and frees the slot', async () => {
    const page = await browser.newPage()
    const slot = '11:30 AM - 12:00 PM'
    const { id, date } = await patientWithBooking(page, {
      treatment: 'Cosmetic Dentistry',
      slot,
      daysAhead: 21,
    })
    await payViaApi(page, id)
    await page.reload()
    const row = bookingRow(page)
    await expect(row.getByText('Paid', { exact: true })).toBeVisible()
    await row.getByRole('button', { name: `Cancel Cosmetic Dentistry on ${formatMediumDate(date)}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' })
    await expect(confirm).toContainText('You paid 1200 TK; it is refunded in full to your card.')
    await expectNoAxeViolations(page)
    await confirm.getByRole('button', { name: 'Cancel and Refund' }).click()
    await expect(page.getByText('Appointment cancelled and your payment refunded')).toBeVisible()
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(row.getByText('Paid', { exact: true })).toHaveCount(0)
    const free = (await appOptions(page, date)).find((o) => o.name === 'Cosmetic Dentistry')?.slots
    expect(free).toContain(slot)
  })

  test('at 375 px the payment page and My Appointment fit the screen with Pay and Cancel in view', async () => {
    const page = await browser.newPage({ width: 375, height: 740 })
    const { id } = await patientWithBooking(page, {
      treatment: 'Oral Surgery',
      slot: '02:00 PM - 02:30 PM',
      daysAhead: 22,
    })
    await page.reload()
    const row = bookingRow(page)
    for (const control of [
      row.getByRole('link', { name: 'Pay' }),
      row.getByRole('button', { name: /^Cancel / }),
    ]) {
      await expect(control).toBeInViewport()
    }
    await expect(row).toContainText('2500 TK')
    await expect(row).toContainText('Upcoming')
    await expectNoSidewaysScrolling(page)
    await expectNoAxeViolations(page)

    await page.goto(`/dashboard/payment/${id}`)
    await expect(page.getByRole('region', { name: 'Service summary' })).toContainText('2500 TK')
    await fillCard(page, '4242424242424242')
    await expect(payButton(page)).toBeEnabled()
    await expectNoSidewaysScrolling(page)
    await expectNoAxeViolations(page)
  })
})

/** A clinic whose refund cutoff (REFUND_CUTOFF_HOURS) is a year: every paid booking is past it. */
describe('Cancel on a paid booking after the refund cutoff', () => {
  const browser = useBrowser()
  let server: RunningServer

  beforeAll(async () => {
    server = await startServer({ env: { REFUND_CUTOFF_HOURS: '8760' } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  test('says to contact the clinic, offers no refund, and the server refuses it too', async () => {
    const page = await browser.newPage()
    const { id, date } = await patientWithBooking(
      page,
      { treatment: 'Teeth Orthodontics', slot: '03:00 PM - 03:30 PM', daysAhead: 5 },
      server.url,
    )
    await payViaApi(page, id)
    await page.reload()
    const row = bookingRow(page)
    await expect(row.getByText('Paid', { exact: true })).toBeVisible()
    await row.getByRole('button', { name: `Cancel Teeth Orthodontics on ${formatMediumDate(date)}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' })
    await expect(dialog).toContainText(PAYMENT_MESSAGES.refundCutoffPassed)
    await expect(dialog.getByRole('button', { name: /^Cancel/ })).toHaveCount(0)
    await expectNoAxeViolations(page)

    const refused = await callAsPage(page, 'DELETE', `/api/bookings/${id}`)
    expect(refused.status()).toBe(409)
    expect(await refused.json()).toMatchObject({ message: PAYMENT_MESSAGES.refundCutoffPassed })
  })
})
