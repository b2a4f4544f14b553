import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { type Account, loginStatus, newAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

const browser = useBrowser()
// Set SHOTS_DIR to keep full-page screenshots of the account page at both widths.
const shotsDir = process.env.SHOTS_DIR

const section = (page: Page, name: string) => page.getByRole('region', { name })
const sessionRows = (page: Page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')
/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** A new patient, signed in on a page of its own (its own browser context: one session). */
async function openAccountPage(account: Account, options: { width?: number } = {}) {
  const page = await browser.newPage(options)
  await signIn(page, account)
  await page.goto('/dashboard/account')
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await expect(sessionRows(page).first()).toBeVisible()
  return page
}

describe('the account page', () => {
  test('is in the dashboard menu for a patient', async () => {
    const page = await browser.newPage()
    await signIn(page, await registerViaApi())
    await page.goto('/dashboard')
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/account')
    await expect(section(page, 'Display name')).toBeVisible()
  })

  test('renames the account; the navigation bar shows the new name', async () => {
    const page = await openAccountPage(await registerViaApi())
    await page.getByLabel('Name', { exact: true }).fill('Renamed Patient')
    await page.getByRole('button', { name: 'Save name' }).click()
    await expect(page.getByText('Your name has been saved.')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('RENAMED PATIENT')).toBeVisible()
  })

  test('changes the password: the server says so, and the old password no longer signs in', async () => {
    const account = await registerViaApi()
    const page = await openAccountPage(account)
    const form = section(page, 'Password')
    await form.getByLabel('Current password').fill('Wrong!pass1')
    await form.getByLabel('New password', { exact: true }).fill('N3w!Password')
    await form.getByLabel('Confirm new password').fill('N3w!Password')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(form.getByRole('alert')).toHaveText('Your current password is not correct.')

    await form.getByLabel('Current password').fill(account.password)
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(form.getByRole('status')).toContainText(/password has been changed/)
    expect(await loginStatus(account)).toBe(401)
    expect(await loginStatus({ ...account, password: 'N3w!Password' })).toBe(200)
  })

  test("an unverified address: 'Verify your e-mail' and a resend button that shows the server's answer", async () => {
    const page = await browser.newPage({ width: 375 })
    await signIn(page, await registerViaApi())
    await page.goto('/dashboard')
    const banner = section(page, 'Verify your e-mail')
    await banner.getByRole('button', { name: 'Resend verification e-mail' }).click()
    await expect(banner.getByText(/We have sent you a new link|Too many/)).toBeVisible()
    await expectNoAxeViolations(page)
    await expect.poll(() => sideways(page)).toBe(0)
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, 'dashboard-banner-375.png') })

    await page.goto('/dashboard/account')
    const email = section(page, 'E-mail')
    await expect(email.getByText('Verify your e-mail')).toBeVisible()
    await expect(banner).toHaveCount(0)
    await email.getByRole('button', { name: 'Resend verification e-mail' }).click()
    await expect(email.getByText(/We have sent you a new link|Too many/)).toBeVisible()
  })

  // Each account has a session from its registration too; the list is most recently used first.
  test("lists every session, this device first; 'Sign out' ends the one chosen", async () => {
    const account = await registerViaApi()
    const other = await openAccountPage(account)
    const page = await openAccountPage(account)
    await expect(sessionRows(page)).toHaveCount(3)
    await expect(sessionRows(page).first().getByText('This device')).toBeVisible()

    await sessionRows(page)
      .nth(1)
      .getByRole('button', { name: /^Sign out / })
      .click()
    await expect(page.getByText('Signed out 1 session.')).toBeVisible()
    await expect(sessionRows(page)).toHaveCount(2)
    await other.reload()
    await expect(other).toHaveURL((url) => url.pathname === '/login')
  })

  test("'Sign out everywhere else' keeps only this device", async () => {
    const account = await registerViaApi()
    const first = await openAccountPage(account)
    await openAccountPage(account)
    const page = await openAccountPage(account)
    await expect(sessionRows(page)).toHaveCount(4)
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expect(page.getByText('Signed out 3 sessions.')).toBeVisible()
    await expect(sessionRows(page)).toHaveCount(1)
    await expect(sessionRows(page).first().getByText('This device')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()
    await first.reload()
    await expect(first).toHaveURL((url) => url.pathname === '/login')
  })

  test('downloads my data as a JSON file with my profile', async () => {
    const account = await registerViaApi()
    const page = await openAccountPage(account)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('doctors-portal-my-data.json')
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'))
    expect(data.profile).toMatchObject({ email: account.email, name: account.name, emailVerified: false })
    expect(data.payments).toEqual([])
  })

  test('deletes the account: signed out, the login fails, and the address can register again', async () => {
    const account = await registerViaApi()
    const page = await openAccountPage(account)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Password').fill('Wrong!pass1')
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(dialog.getByText('Your password is not correct.')).toBeVisible()
    await dialog.getByLabel('Password').fill(account.password)
    await dialog.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible()
    expect(await loginStatus(account)).toBe(401)
    await registerViaApi(undefined, { ...newAccount(), email: account.email })
  })

  test.each([375, 1280])('at %i px: no axe violation, no sideways scrolling', async (width) => {
    const page = await openAccountPage(await registerViaApi(), { width })
    await expectNoAxeViolations(page)
    await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0)

    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible()
    await expectNoAxeViolations(page)
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true })
      await page.screenshot({ path: path.join(shotsDir, `account-dialog-${width}.png`) })
      await page.keyboard.press('Escape')
      await page.screenshot({ path: path.join(shotsDir, `account-${width}.png`), fullPage: true })
    }
  })
})
