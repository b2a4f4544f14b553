import type { CreateBookingBody } from '@shared/bookings'
import { formatMediumDate } from '@shared/clinic-time'
import type { Page, Request } from 'playwright-core'
import { describe, test } from 'vitest'
import { type Account, logInWithForm, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import {
  appOptions,
  availableHeading,
  bookViaApi,
  chooseDate,
  clinicCalendar,
  dayButton,
  dayButtonName,
  expectSpaces,
  openDayAfter,
  optionCard,
  showMonth,
  spacesShown,
} from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

const TREATMENTS = [
  'Teeth Orthodontics',
  'Cosmetic Dentistry',
  'Teeth Cleaning',
  'Cavity Protection',
  'Pediatric Dental',
  'Oral Surgery',
]

const dialog = (page: Page) => page.getByRole('dialog')
const isBookingPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings'

async function openSignedIn(page: Page, account: Account, date: string) {
  await signIn(page, account)
  await page.goto('/appointment')
  await chooseDate(page, date)
  await expect(availableHeading(page)).toContainText(formatMediumDate(date))
}

async function openBookingModal(page: Page, treatment: string) {
  await optionCard(page, treatment).getByRole('button', { name: 'Book Appointment' }).click()
  await expect(dialog(page).getByRole('heading', { name: treatment })).toBeVisible()
}

describe('the appointment page', () => {
  const browser = useBrowser()

  test("opens on the clinic's today with six treatment cards that match the free slots", async () => {
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    await page.goto('/appointment')
    await expect(availableHeading(page)).toHaveText(
      `Available Appointments on ${formatMediumDate(calendar.today)}`,
    )
    await expect(optionCard(page, TREATMENTS[0] as string)).toBeVisible()
    const options = await appOptions(page, calendar.today)
    expect(options.map((option) => option.name)).toEqual(TREATMENTS)
    await expect(page.getByRole('article')).toHaveCount(6)
    for (const option of options) {
      const card = optionCard(page, option.name)
      const n = option.slots.length
      await expect(card.getByText(option.slots[0] ?? 'Try Another Day', { exact: true })).toHaveCount(1)
      await expectSpaces(page, option.name, n)
      await expect(card.getByText(`${n} ${n <= 1 ? 'space' : 'spaces'} Available`)).toHaveCount(1)
      await expect(card.getByText(`${option.price} TK`)).toHaveCount(1)
      await expect(card.getByRole('button', { name: 'Book Appointment' })).toBeEnabled({ enabled: n > 0 })
    }
    // The calendar: today is selected, its name starts with the number it shows.
    const today = dayButton(page, calendar.today)
    await expect(today).toHaveAttribute('aria-label', /, today, selected$/)
    const dayButtons = page.getByRole('grid').getByRole('button')
    await expect.poll(() => dayButtons.count()).toBeGreaterThanOrEqual(28)
    const names = await dayButtons.evaluateAll((buttons) =>
      buttons.map((b) => ({ shown: b.textContent ?? '', name: b.getAttribute('aria-label') ?? '' })),
    )
    for (const { shown, name } of names) expect(name.startsWith(`${shown} `)).toBe(true)
  })

  test("every date is the clinic's, whatever the browser's time zone", async () => {
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    const localDate = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone })
    // Samoa is 17 hours behind Dhaka, Kiritimati 8 ahead: at any hour one of them has another date.
    const zone = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((z) => localDate(z) !== calendar.today)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: zone as string })
    await page.goto('/appointment')
    expect(await page.evaluate(() => new Date().toLocaleDateString('en-CA'))).not.toBe(calendar.today)
    await expect(availableHeading(page)).toHaveText(
      `Available Appointments on ${formatMediumDate(calendar.today)}`,
    )
    await expect(dayButton(page, calendar.today)).toHaveAttribute('aria-label', /, today, selected$/)
    await expect(page.getByRole('button', { name: /, today/ })).toHaveCount(1)
  })

  test('days before today and beyond the 60-day window cannot be chosen', async () => {
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    await page.goto('/appointment')
    await expect(page.getByRole('grid')).toBeVisible()
    const firstOfMonth = `${calendar.today.slice(0, 8)}01`
    if (firstOfMonth < calendar.today) {
      await expect(dayButton(page, firstOfMonth)).toBeDisabled()
    }
    await showMonth(page, calendar.lastBookableDate)
    await expect(page.getByRole('button', { name: 'Go to the Next Month' })).toBeDisabled()
    await expect(dayButton(page, calendar.lastBookableDate)).toBeEnabled()
    const lastMonthDays = page.getByRole('grid').getByRole('button')
    const enabledAfterLast = () =>
      lastMonthDays.evaluateAll(
        (buttons, last) =>
          buttons.filter((b) => {
            const day = Number(b.textContent)
            return day > Number(last.slice(8)) && !(b as HTMLButtonElement).disabled
          }).length,
        calendar.lastBookableDate,
      )
    await expect.poll(enabledAfterLast).toBe(0)
  })

  test('choosing another date loads that date, and a date seen before comes from the cache', async () => {
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    const later = openDayAfter(calendar, 9)
    const requested: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/appOptions') requested.push(url.searchParams.get('date') ?? '')
    })
    await page.goto('/appointment')
    await expect(optionCard(page, 'Oral Surgery')).toBeVisible()
    await chooseDate(page, later)
    await expect(availableHeading(page)).toHaveText(`Available Appointments on ${formatMediumDate(later)}`)
    await expect(dayButton(page, later)).toHaveAttribute('aria-label', /, selected$/)
    const options = await appOptions(page, later)
    await expectSpaces(page, 'Oral Surgery', options[5]?.slots.length ?? -1)
    await chooseDate(page, calendar.today)
    await expect(availableHeading(page)).toContainText(formatMediumDate(calendar.today))
    await expect(optionCard(page, 'Oral Surgery')).toBeVisible()
    expect(requested).toEqual([calendar.today, later])
  })

  test('when the options cannot be loaded, a message and a retry button show', async () => {
    const page = await browser.newPage()
    await page.route('**/api/appOptions?**', (route) => route.abort())
    await page.goto('/appointment')
    const alert = page.getByRole('alert')
    // The page retries a failed load a few times, with back-off, before it gives up.
    await expect(alert).toContainText('could not be loaded', { timeout: 20_000 })
    await page.unroute('**/api/appOptions?**')
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(optionCard(page, 'Teeth Cleaning')).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(6)
  })
})

describe('booking', () => {
  const browser = useBrowser()

  test('a booking is confirmed, sent once with an Idempotency-Key, and the card counts one space less', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const date = openDayAfter(await clinicCalendar(page), 7)
    await openSignedIn(page, account, date)
    const before = await spacesShown(page, 'Teeth Cleaning')
    const posts: Request[] = []
    page.on('request', (request) => {
      if (isBookingPost(request)) posts.push(request)
    })

    await openBookingModal(page, 'Teeth Cleaning')
    const modal = dialog(page)
    await expect(modal.getByLabel('Date')).toHaveValue(formatMediumDate(date))
    await expect(modal.getByLabel('Date')).toBeDisabled()
    await expect(modal.getByLabel('Full Name')).toHaveValue(account.name)
    await expect(modal.getByLabel('Full Name')).toBeDisabled()
    await expect(modal.getByLabel('Email')).toHaveValue(account.email)
    await expect(modal.getByLabel('Email')).toBeDisabled()
    await expect(modal.getByLabel('Time').locator('option')).toHaveCount(before)
    const slots = await modal.getByLabel('Time').locator('option').allInnerTexts()
    const chosen = slots[2] as string
    await modal.getByLabel('Time').selectOption(chosen)

    await modal.getByRole('button', { name: 'Submit' }).click()
    await expect(modal.getByText('Phone Number is Required')).toBeVisible()
    expect(posts.length).toBe(0)

    await modal.getByLabel('Phone Number').fill('+880 1711 000000')
    await modal.getByRole('button', { name: 'Submit' }).dblclick()
    await expect(page.getByText('Booking Confirmed 🎉')).toBeVisible()
    await expect(modal).toBeHidden()
    await expectSpaces(page, 'Teeth Cleaning', before - 1)
    expect(posts.length).toBe(1)
    expect(posts[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/)
    expect(posts[0]?.postDataJSON()).toMatchObject({
      appointmentDate: date,
      slot: chosen,
      phone: '+8801711000000',
    })
    const free = (await appOptions(page, date)).find((o) => o.name === 'Teeth Cleaning')?.slots
    expect(free).not.toContain(chosen)
  })

  test("a refused booking shows the server's message and closes the modal", async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const date = openDayAfter(await clinicCalendar(page), 8)
    await openSignedIn(page, account, date)
    for (const attempt of [1, 2]) {
      await openBookingModal(page, 'Pediatric Dental')
      await dialog(page)
        .getByLabel('Time')
        .selectOption({ index: attempt * 4 })
      await dialog(page).getByLabel('Phone Number').fill('01700 000000')
      await dialog(page).getByRole('button', { name: 'Submit' }).click()
      await expect(dialog(page)).toBeHidden()
    }
    await expect(
      page.getByText(`You already have a booking for Pediatric Dental on ${formatMediumDate(date)}`),
    ).toBeVisible()
  })

  test('a booking lost on the way says it was not sent', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const date = openDayAfter(await clinicCalendar(page), 10)
    await openSignedIn(page, account, date)
    await page.route('**/api/bookings', (route) => route.abort('connectionreset'))
    await openBookingModal(page, 'Oral Surgery')
    await dialog(page).getByLabel('Phone Number').fill('01700 000001')
    await dialog(page).getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText(/^Your booking was not sent/)).toBeVisible()
  })

  test('a visitor is asked to log in, and comes back to that day with the modal open', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const date = openDayAfter(await clinicCalendar(page), 11)
    await page.goto('/appointment')
    await chooseDate(page, date)
    await expect(availableHeading(page)).toContainText(formatMediumDate(date))
    await openBookingModal(page, 'Cavity Protection')
    const modal = dialog(page)
    await expect(modal.getByRole('link', { name: 'Please Login For Book Appointment' })).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Submit' })).toHaveCount(0)
    await expect(modal.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
    const slot = (await modal.getByLabel('Time').locator('option').allInnerTexts())[3] as string
    await modal.getByLabel('Time').selectOption(slot)
    await modal.getByRole('link', { name: 'Please Login For Book Appointment' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/login')

    await logInWithForm(page, account)
    await expect(page).toHaveURL((url) => url.pathname === '/appointment')
    await expect(modal.getByRole('heading', { name: 'Cavity Protection' })).toBeVisible()
    await expect(availableHeading(page)).toHaveText(`Available Appointments on ${formatMediumDate(date)}`)
    await expect(modal.getByLabel('Date')).toHaveValue(formatMediumDate(date))
    await expect(modal.getByLabel('Time')).toHaveValue(slot)
    await expect(modal.getByLabel('Email')).toHaveValue(account.email)
    await modal.getByLabel('Phone Number').fill('01700 000002')
    await modal.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Booking Confirmed 🎉')).toBeVisible()
    // Consumed: reloading the page does not open the modal again.
    await page.reload()
    await expect(optionCard(page, 'Cavity Protection')).toBeVisible()
    await expect(dialog(page)).toHaveCount(0)
  })

  test('the whole booking can be done with the keyboard', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    const date = openDayAfter(calendar, 7)
    await signIn(page, account)
    await page.goto('/appointment')
    await expect(optionCard(page, 'Cosmetic Dentistry')).toBeVisible()
    // The header changes once the session is restored; tabbing through it before then can lose
    // the focus (once in CI the arrows never reached the calendar).
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    const focused = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      )
    // Into the calendar: its selected day (today) is the grid's one tab stop; arrows move the focus.
    for (let i = 0; i < 40 && !(await focused()).startsWith(dayButtonName(calendar.today)); i++) {
      await page.keyboard.press('Tab')
    }
    for (let i = 0; i < 40 && !(await focused()).startsWith(dayButtonName(date)); i++) {
      await page.keyboard.press('ArrowRight')
    }
    expect(await focused()).toMatch(new RegExp(`^${dayButtonName(date)}`))
    await page.keyboard.press('Enter')
    await expect(availableHeading(page)).toContainText(formatMediumDate(date))
    await expect(optionCard(page, 'Teeth Orthodontics')).toBeVisible()
    for (let i = 0; i < 20 && (await focused()) !== 'Book Appointment'; i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    const modal = dialog(page)
    await expect(modal.getByRole('heading', { name: 'Teeth Orthodontics' })).toBeVisible()
    // Focus stays inside the modal.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
    }
    await modal.getByLabel('Time').focus()
    // Alt+ArrowDown opens the list; two steps down and Enter pick the third slot.
    for (const key of ['Alt+ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key)
    const third = (await modal.getByLabel('Time').locator('option').allInnerTexts())[2] as string
    await expect(modal.getByLabel('Time')).toHaveValue(third)
    await page.keyboard.press('Tab')
    await page.keyboard.type('01700 000003')
    const post = page.waitForRequest(isBookingPost)
    await page.keyboard.press('Enter')
    await expect(page.getByText('Booking Confirmed 🎉')).toBeVisible()
    expect((await post).postDataJSON()).toMatchObject({ appointmentDate: date, slot: third })
    await expect(modal).toBeHidden()
  })

  test('Escape closes the modal and gives focus back to its button', async () => {
    const page = await browser.newPage()
    // A later day: late in the clinic's evening, today has no free slot left to book.
    const date = openDayAfter(await clinicCalendar(page), 15)
    await page.goto('/appointment')
    await expect(optionCard(page, 'Teeth Cleaning')).toBeVisible()
    await chooseDate(page, date)
    await expect(availableHeading(page)).toContainText(formatMediumDate(date))
    await openBookingModal(page, 'Teeth Cleaning')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await expect(
      optionCard(page, 'Teeth Cleaning').getByRole('button', { name: 'Book Appointment' }),
    ).toBeFocused()
  })

  test('axe finds no violation on the page and on the open modal, signed in and out', async () => {
    const account = await registerViaApi()
    for (const signedIn of [false, true]) {
      const page = await browser.newPage()
      const date = openDayAfter(await clinicCalendar(page), 15)
      if (signedIn) await signIn(page, account)
      await page.goto('/appointment')
      await expect(optionCard(page, 'Teeth Cleaning')).toBeVisible()
      await expectNoAxeViolations(page)
      await chooseDate(page, date)
      await expect(availableHeading(page)).toContainText(formatMediumDate(date))
      await openBookingModal(page, 'Teeth Cleaning')
      await expectNoAxeViolations(page)
    }
  })
})

describe('My Appointment', () => {
  const browser = useBrowser()

  async function dashboardWithBookings(page: Page, account: Account, bookings: CreateBookingBody[]) {
    await signIn(page, account)
    await page.goto('/dashboard')
    await expect(page.getByRole('main').getByText('You have 0 upcoming bookings')).toBeVisible()
    const ids = []
    for (const booking of bookings) ids.push(await bookViaApi(page, booking))
    await page.reload()
    await expect(
      page.getByRole('main').getByText(new RegExp(`^You have ${bookings.length} upcoming bookings?$`)),
    ).toBeVisible()
    return ids
  }

  test('lists the bookings with patient, treatment, date, time and payment, upcoming first', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const calendar = await clinicCalendar(page)
    const later = openDayAfter(calendar, 14)
    const sooner = openDayAfter(calendar, 12)
    const [laterId, soonerId] = await dashboardWithBookings(page, account, [
      bookingBody(account, later, 'Teeth Cleaning', '10:00 AM - 10:30 AM'),
      bookingBody(account, sooner, 'Oral Surgery', '02:30 PM - 03:00 PM'),
    ])
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveText(
      ['#', 'Name', 'Treatment', 'Date', 'Time', 'Payment', 'Status'],
      { useInnerText: true },
    )
    const rows = table.locator('tbody tr')
    await expect(rows).toHaveCount(2)
    const cells = (index: number) => rows.nth(index).locator('th, td')
    await expect(cells(0)).toHaveText(
      [
        '1',
        account.name,
        'Oral Surgery',
        formatMediumDate(sooner),
        '02:30 PM - 03:00 PM',
        '2500 TK Pay',
        'Upcoming Reschedule Cancel',
      ],
      { useInnerText: true },
    )
    await expect(cells(1)).toHaveText(
      [
        '2',
        account.name,
        'Teeth Cleaning',
        formatMediumDate(later),
        '10:00 AM - 10:30 AM',
        '800 TK Pay',
        'Upcoming Reschedule Cancel',
      ],
      { useInnerText: true },
    )
    await expect(rows.nth(0).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${soonerId}`,
    )
    await expect(rows.nth(1).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${laterId}`,
    )
    await expectNoAxeViolations(page)
  })

  test('Cancel asks first; then the booking shows Cancelled, the count drops and the slot is free', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const date = openDayAfter(await clinicCalendar(page), 13)
    const slot = '11:30 AM - 12:00 PM'
    await dashboardWithBookings(page, account, [bookingBody(account, date, 'Cosmetic Dentistry', slot)])
    const row = page.getByRole('table').locator('tbody tr').first()
    const cancel = row.getByRole('button', { name: `Cancel Cosmetic Dentistry on ${formatMediumDate(date)}` })

    await cancel.click()
    const confirm = page.getByRole('dialog', { name: 'Cancel this appointment?' })
    await expect(confirm).toBeVisible()
    await expectNoAxeViolations(page)
    await confirm.getByRole('button', { name: 'Keep Appointment' }).click()
    await expect(confirm).toBeHidden()
    await expect(cancel).toBeVisible()

    await cancel.click()
    await confirm.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(page.getByText('Appointment cancelled')).toBeVisible()
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible()
    await expect(page.getByRole('main').getByText('You have 0 upcoming bookings')).toBeVisible()
    await expect(row.getByRole('button')).toHaveCount(0)
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0)
    const free = (await appOptions(page, date)).find((o) => o.name === 'Cosmetic Dentistry')?.slots
    expect(free).toContain(slot)
    await expectNoAxeViolations(page)
  })
})

function bookingBody(account: Account, date: string, treatment: string, slot: string): CreateBookingBody {
  return {
    appointmentDate: date,
    treatmentName: treatment,
    patientName: account.name,
    slot,
    phone: '01700 000009',
  }
}
