import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { layoutShifted, recordLayoutShifts } from './support/page-health'
import { hydrated } from './support/public-pages'

/** Holds back the home page's code until the returned function is called (a slow network). */
async function holdHomePageCode(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/home-page-.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

describe('the shared layout', () => {
  const browser = useBrowser()

  test('the navigation bar shows the public links and Login when signed out', async () => {
    const page = await browser.newPage()
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const links = {
      Home: '/',
      'About US': '/about',
      Appointment: '/appointment',
      'Contact Us': '/contact',
      Login: '/login',
    }
    for (const [label, href] of Object.entries(links)) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  })

  test('the footer has every link group, the address, three social buttons and the copyright', async () => {
    const page = await browser.newPage()
    await page.goto('/about')
    const footer = page.getByRole('contentinfo')
    for (const label of ['Emergency Checkup', 'Monthly Checkup', 'Weekly Checkup', 'Deep Checkup']) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '/appointment')
    }
    for (const label of ['Fluoride Treatment', 'Cavity Filling', 'Teeth Whitening']) {
      await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '/#services')
    }
    await expect(footer.locator('address')).toHaveText(/\d{4,}/)
    await expect(footer.getByRole('link', { name: /^Doctors Portal on / })).toHaveCount(3)
    await expect(footer).toContainText(`Copyright ${new Date().getFullYear()} All Rights Reserved`)
  })

  test('an unknown path is a 404 saying Page not found, and Back to homepage leads home', async () => {
    const page = await browser.newPage()
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to homepage' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByRole('heading', { name: 'Your New Smile Starts Here' })).toBeVisible()
  })

  test('a page whose code cannot be loaded shows the offline screen inside the layout', async () => {
    const page = await browser.newPage()
    await page.route(/\/assets\/about-page-.*\.js$/, (route) => route.abort())
    await page.goto('/about')
    await expect(
      page.getByRole('heading', { name: 'Looks like our services are currently offline' }),
    ).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })

  test('on a phone the menu button opens the links', async () => {
    const page = await browser.newPage({ width: 375, height: 740 })
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await hydrated(page, 'button[aria-label="Menu"]')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/contact')
  })

  test('a menu opened while the first page still loads stays open when the page arrives', async () => {
    const page = await browser.newPage({ width: 375, height: 740 })
    const releasePage = await holdHomePageCode(page)
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await hydrated(page, 'button[aria-label="Menu"]')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    releasePage()
    await expect(page.getByRole('heading', { name: 'Your New Smile Starts Here' })).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }),
    ).toBeVisible()
  })

  test('the first page arriving does not shift what is already on screen', async () => {
    const page = await browser.newPage({ width: 375, height: 740 })
    await recordLayoutShifts(page)
    const releasePage = await holdHomePageCode(page)
    await page.goto('/')
    await expect(page.getByRole('contentinfo')).toBeAttached()
    releasePage()
    await expect(page.getByRole('heading', { name: 'Your New Smile Starts Here' })).toBeVisible()
    const total = await layoutShifted(page)
    // Lighthouse counts 0.1 and below as good.
    expect(total).toBeLessThan(0.1)
  })
})
