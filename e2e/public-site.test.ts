import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { collectErrors } from './support/page-health'
import { openPage, publicPages, scrollThrough } from './support/public-pages'

const browser = useBrowser()
// Set SHOTS_DIR to keep full-page screenshots of every public page at both widths.
const shotsDir = process.env.SHOTS_DIR

/** Images that have not loaded: those still loading and those that never will. */
const imagesWithoutPicture = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.naturalWidth === 0)
      .map((image) => image.src),
  )

describe.each(publicPages)('the $name page', ({ path: route, name }) => {
  test.each([375, 1280])(
    'at %i px: no axe violation, no overflow, no broken image, no console error',
    async (width) => {
      const page = await browser.newPage({ width })
      const errors = collectErrors(page)
      await openPage(page, route)
      await scrollThrough(page)

      await expectNoAxeViolations(page)
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      await expect.poll(overflow).toBeLessThanOrEqual(0)
      // A picture that appeared late is given its time to load; a broken one never gets a width.
      await expect.poll(() => imagesWithoutPicture(page)).toEqual([])
      expect(errors).toEqual([])

      if (shotsDir) {
        mkdirSync(shotsDir, { recursive: true })
        await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true })
      }
    },
  )
})

describe('metadata', () => {
  test('each public page has its own title and description, and Open Graph tags', async () => {
    const page = await browser.newPage()
    const seen = new Set<string>()
    for (const { path: route } of publicPages) {
      await openPage(page, route)
      await expect(page).toHaveTitle(/^.+ \| Doctors Portal$/)
      const title = await page.title()
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      seen.add(`${title}|${description}`)
    }
    expect(seen.size).toBe(publicPages.length)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^https?:\/\/.+\/og-image\.png$/,
    )
    const response = await page.request.get('/og-image.png')
    expect(response.headers()['content-type']).toBe('image/png')
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg')
  })

  test('robots.txt points to a sitemap listing the public routes', async () => {
    const page = await browser.newPage()
    const robots = await (await page.request.get('/robots.txt')).text()
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/dashboard$/m)
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
    const sitemap = await (await page.request.get('/sitemap.xml')).text()
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1])
    expect(paths).toEqual(['/', '/about', '/appointment', '/team', '/reviews', '/contact'])
  })
})

describe('the shared layout', () => {
  test('the footer lists the services, oral health topics, address, three social buttons and copyright', async () => {
    const page = await browser.newPage()
    await openPage(page, '/reviews')
    const footer = page.getByRole('contentinfo')
    const links: [string, string][] = [
      ['Emergency Checkup', '/appointment'],
      ['Monthly Checkup', '/appointment'],
      ['Weekly Checkup', '/appointment'],
      ['Deep Checkup', '/appointment'],
      ['Fluoride Treatment', '/#services'],
      ['Cavity Filling', '/#services'],
      ['Teeth Whitening', '/#services'],
    ]
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href)
    }
    await expect(footer.locator('address')).toContainText(/New York - 101010/)
    await expect(footer.getByRole('link', { name: /on (Facebook|X|Instagram)/ })).toHaveCount(3)
    await expect(footer).toContainText(`Copyright ${new Date().getFullYear()} All Rights Reserved`)
  })

  test('the reviews page sits inside the layout; without reviews it shows the spec’s three cards', async () => {
    const page = await browser.newPage()
    await openPage(page, '/reviews')
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.locator('main h1')).toHaveText('What Our Patients Say')
    // The run's server has no approved reviews: the spec's testimonials stand in (decision 0032).
    await expect(page.getByTestId('testimonials').locator(':scope > li')).toHaveCount(3)
  })

  test('keyboard focus is always visible: every focusable element on the home page shows an outline', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    await scrollThrough(page)
    const count = await page.evaluate(
      () => document.querySelectorAll('a[href], button, summary, input, textarea, select').length,
    )
    const missing: string[] = []
    for (let index = 0; index < count + 2; index++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element || element === document.body) return null
        const style = getComputedStyle(element)
        const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2
        return { ring, label: `${element.tagName} ${element.textContent?.trim().slice(0, 30)}` }
      })
      if (focus && !focus.ring) missing.push(focus.label)
    }
    expect(missing).toEqual([])
  })
})
