import type { CreateBookingBody, CreateBookingReply } from '@shared/bookings'
import type { AppOptionsReply, ClinicCalendarReply } from '@shared/clinic'
import { addDays, weekdayOf } from '@shared/clinic-time'
import type { Page } from 'playwright-core'
import { expect } from './expect'

export const clinicCalendar = async (page: Page): Promise<ClinicCalendarReply> =>
  (await page.request.get('/api/clinicCalendar')).json()

/**
 * An open day at least `days` after the clinic's today, well inside the booking window, so a
 * test does not depend on the hour it runs at.
 */
export function openDayAfter(calendar: ClinicCalendarReply, days: number): string {
  let date = addDays(calendar.today, days)
  while (calendar.closedWeekdays.includes(weekdayOf(date)) || calendar.holidays.includes(date)) {
    date = addDays(date, 1)
  }
  return date
}

export async function appOptions(page: Page, date: string): Promise<AppOptionsReply['options']> {
  return (await (await page.request.get(`/api/appOptions?date=${date}`)).json()).options
}

const dayName = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/** The start of a calendar day button's accessible name, '5 January 2026,'. */
export const dayButtonName = (date: string) => `${dayName.format(new Date(`${date}T00:00:00Z`))},`

export const dayButton = (page: Page, date: string) =>
  page.getByRole('button', { name: new RegExp(`^${dayButtonName(date)}`) })

/** Shows the month of `date` on the calendar. */
export async function showMonth(page: Page, date: string): Promise<void> {
  const grid = page.getByRole('grid')
  await expect(grid).toBeVisible()
  // The grid is named after its month: 'January 2026'.
  const monthShown = async () => (await grid.getAttribute('aria-label')) ?? ''
  const monthOf = (label: string) => new Date(`1 ${label} UTC`).toISOString().slice(0, 7)
  const wanted = date.slice(0, 7)
  let label = await monthShown()
  for (let step = 0; step < 4 && monthOf(label) !== wanted; step++) {
    const direction = monthOf(label) < wanted ? 'Next' : 'Previous'
    await page.getByRole('button', { name: `Go to the ${direction} Month` }).click()
    await expect(grid).not.toHaveAttribute('aria-label', label)
    label = await monthShown()
  }
  expect(monthOf(label), `the calendar's month, looking for ${date}`).toBe(wanted)
}

/** Picks `date` on the calendar, moving to its month first. */
export async function chooseDate(page: Page, date: string): Promise<void> {
  await showMonth(page, date)
  await dayButton(page, date).click()
}

export const availableHeading = (page: Page) =>
  page.getByRole('heading', { name: /^Available Appointments on / })

export const optionCard = (page: Page, treatment: string) =>
  page.getByRole('article', { name: treatment, exact: true })

/** The number of free places a card shows ('{n} spaces Available'). */
export async function spacesShown(page: Page, treatment: string): Promise<number> {
  const text = await optionCard(page, treatment)
    .getByText(/^\d+ spaces? Available$/)
    .innerText()
  return Number(text.split(' ')[0])
}

/** Asserts that the card's count reads `count` ('1 space Available', '3 spaces Available'). */
export async function expectSpaces(page: Page, treatment: string, count: number): Promise<void> {
  const label = `${count} ${count <= 1 ? 'space' : 'spaces'} Available`
  await expect(optionCard(page, treatment).getByText(/^\d+ spaces? Available$/)).toHaveText(label)
}

/** A call to the API of the server the page is on, with the page's own access token. */
export async function callAsPage(
  page: Page,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const token = await page.evaluate(() => localStorage.getItem('userAccessToken'))
  return page.request.fetch(new URL(path, page.url()).href, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  })
}

/** Books through the API with the page's own access token (for tests about other screens). */
export async function bookViaApi(page: Page, body: CreateBookingBody): Promise<string> {
  const res = await callAsPage(page, 'POST', '/api/bookings', body)
  if (res.status() !== 201) throw new Error(`booking failed: ${res.status()} ${await res.text()}`)
  return ((await res.json()) as CreateBookingReply).bookings.insertedId
}
