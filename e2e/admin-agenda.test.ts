import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { AGENDA_MESSAGES } from '@shared/agenda'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { adminAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { bookViaApi, clinicCalendar, openDayAfter } from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

const browser = useBrowser()
// Set SHOTS_DIR to keep full-page screenshots of both pages at both widths.
const shotsDir = process.env.SHOTS_DIR

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * A new patient books `slot` of Oral Surgery 33 days ahead (a day no other browser test books),
 * under `patientName`; answers the date.
 */
async function patientBooks(patientName: string, slot: string): Promise<string> {
  const page = await browser.newPage()
  await signIn(page, await registerViaApi())
  await page.goto('/dashboard')
  const date = openDayAfter(await clinicCalendar(page), 33)
  await bookViaApi(page, {
    appointmentDate: date,
    treatmentName: 'Oral Surgery',
    patientName,
    slot,
    phone: '01700 000033',
  })
  await page.context().close()
  return date
}

async function adminPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ width, height: 800 })
  await signIn(page, adminAccount)
  return page
}

async function openAgenda(page: Page, date: string) {
  await page.goto('/dashboard/agenda')
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible()
  await page.getByLabel('Date').fill(date)
  await expect(page).toHaveURL((url) => url.searchParams.get('date') === date)
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

describe('the agenda (admin)', () => {
  test("a patient's booking is on that date's agenda; before it starts its attendance buttons wait and say why", async () => {
    const date = await patientBooks('রহিম উদ্দিন', '02:00 PM - 02:30 PM')
    const page = await adminPage()
    await openAgenda(page, date)
    const row = rowOf(page, 'রহিম উদ্দিন')
    await expect(row).toContainText('02:00 PM - 02:30 PM')
    await expect(row).toContainText('Oral Surgery')
    await expect(row).toContainText('01700-000033')
    await expect(row).toContainText('2500 TK · Unpaid')

    const attended = row.getByRole('button', { name: 'Attended' })
    await expect(attended).toHaveAttribute('aria-pressed', 'false')
    await expect(attended).toBeDisabled()
    await expect(attended).toHaveAccessibleDescription(AGENDA_MESSAGES.tooEarly)
  })

  test('Export CSV downloads the day as UTF-8 with a byte order mark', async () => {
    const date = await patientBooks('=cmd Karim', '02:30 PM - 03:00 PM')
    const page = await adminPage()
    await openAgenda(page, date)
    await expect(rowOf(page, '=cmd Karim')).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`agenda-${date}.csv`)
    const bytes = await readFile(await file.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(bytes.toString('utf8')).toContain(`"${date}","02:30 PM - 03:00 PM","Oral Surgery","'=cmd Karim"`)
  })

  test('a day without appointments says so', async () => {
    const page = await adminPage()
    const date = openDayAfter(await clinicCalendar(page), 58)
    await openAgenda(page, date)
    await expect(page.getByText('No appointments on this day.')).toBeVisible()
  })
})

describe('the audit log (admin)', () => {
  test("shows the admin's entries, newest first, filtered by actor and action", async () => {
    const page = await adminPage()
    await page.goto('/dashboard/audit')
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('listitem')
    await expect(entries.first()).toBeVisible()

    await page.getByLabel('Actor (e-mail)').fill(adminAccount.email)
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.getByLabel('Action').selectOption('login_succeeded')
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('actor') === adminAccount.email &&
        url.searchParams.get('action') === 'login_succeeded',
    )
    // Polled: the list before the filter may show a sign-in first too.
    await expect
      .poll(async () => new Set(await entries.locator('p').allInnerTexts()))
      .toEqual(new Set(['Clinic Admin signed in.']))
    const times = await entries
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')))
    expect(times).toEqual([...times].sort((a, b) => b - a))

    // A new patient has removed no doctor (the admin may have, in another test file of the run).
    const patient = await registerViaApi()
    await page.getByLabel('Actor (e-mail)').fill(patient.email)
    await page.getByRole('button', { name: 'Filter' }).click()
    await page.getByLabel('Action').selectOption('doctor_deleted')
    await expect(page.getByText('No entries match these filters.')).toBeVisible()
  })
})

describe('the audit log, page by page', () => {
  test("'Load more' adds the next, older page", async () => {
    // Each registration writes two entries (account created, verification sent): more than a page.
    for (let n = 0; n < 26; n++) await registerViaApi()
    const page = await adminPage()
    await page.goto('/dashboard/audit')
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('listitem')
    await expect(entries).toHaveCount(50)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect.poll(() => entries.count()).toBeGreaterThan(50)
    const times = await entries
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })
})

describe('both pages on a phone and a desktop', () => {
  test.each([375, 1280])(
    'at %i px: no axe violation, no sideways scrolling, actions in view',
    async (width) => {
      const date = await patientBooks(
        `Nasrin Akter ${width}`,
        width === 375 ? '03:00 PM - 03:30 PM' : '03:30 PM - 04:00 PM',
      )
      const page = await adminPage(width)
      await openAgenda(page, date)
      const row = rowOf(page, `Nasrin Akter ${width}`)
      await row.getByRole('button', { name: 'No-show' }).scrollIntoViewIfNeeded()
      await expect(row.getByText(AGENDA_MESSAGES.tooEarly)).toBeInViewport()
      await expect(row.getByRole('button', { name: 'No-show' })).toBeInViewport()
      await expect(row.getByRole('button', { name: 'Attended' })).toBeInViewport()
      await expectNoAxeViolations(page)
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
      if (shotsDir) {
        mkdirSync(shotsDir, { recursive: true })
        await page.screenshot({ path: path.join(shotsDir, `agenda-${width}.png`), fullPage: true })
      }

      await page.goto('/dashboard/audit')
      await expect(page.getByRole('list', { name: 'Audit entries, newest first' })).toBeVisible()
      await expectNoAxeViolations(page)
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)
      if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `audit-${width}.png`), fullPage: true })
    },
  )

  test('a patient opening either page is sent to /login', async () => {
    const page = await browser.newPage()
    await signIn(page, await registerViaApi())
    for (const pathname of ['/dashboard/agenda', '/dashboard/audit']) {
      await page.goto(pathname)
      await expect(page).toHaveURL((url) => url.pathname === '/login')
    }
  })
})
