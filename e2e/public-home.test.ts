import path from 'node:path'
import type { PricesReply } from '@shared/clinic'
import { TREATMENT_CATEGORIES } from '@shared/treatment-categories'
import jsQR from 'jsqr'
import { describe, test } from 'vitest'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()
// Set SHOTS_DIR to keep screenshots of the pricing section at 375 and 1280 px.
const shotsDir = process.env.SHOTS_DIR

// Spec sections 1 and 9, in order; "Get medical help / Just in few taps" are two sections.
const sectionHeadings = [
  'Doctors Portal Your New Smile Starts Here',
  'Clinic information',
  'Services We Provide',
  'Exceptional Dental Care, on Your Terms',
  'Make an appointment Today',
  'Our Treatment Prices',
  'A Look Inside Our Clinic',
  'Frequently Asked Questions',
  'Book Your Visit From Your Phone',
  'Get medical help',
  'Just in few taps',
  'What Our Patients Says',
]

describe('the home page', () => {
  test('stacks the twelve sections in the order of the spec, each named by its heading', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const sections = page.locator('main > section')
    await expect(sections).toHaveCount(12)
    const names = () =>
      sections.evaluateAll((elements) =>
        elements.map((section) => {
          const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '')
          return heading?.innerText.replace(/\s+/g, ' ').trim().toLowerCase()
        }),
      )
    // innerText shows the product name as styled (upper case), so compare case-insensitively.
    await expect.poll(names).toEqual(sectionHeadings.map((name) => name.toLowerCase()))
    await expect(page).toHaveTitle('Home | Doctors Portal')
  })

  test('shows the working-hours card, the three services and the marketing claims', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const hoursCard = page.locator('li', { has: page.getByRole('heading', { name: 'Opening Hours' }) })
    await expect(hoursCard).toContainText('8.00AM to 6.00PM')
    const services = page.locator('#services h3')
    await expect(services).toHaveText(['Fluoride Treatment', 'Cavity Filling', 'Teeth Whitening'])
    const help = page.locator('section[aria-labelledby="medical-help-title"]')
    await expect(help).toContainText(/Doctors available 24\/7/)
    await expect(help).toContainText(/256-bit encryption/)
    await expect(help.getByRole('img')).toHaveAttribute('alt', /doctor/i)
  })

  test.each([375, 1280])(
    'at %i px: groups the treatments one can book as the spec groups its prices, with the fee in TK the API gives (decision 0037)',
    async (width) => {
      const page = await browser.newPage({ width })
      await openPage(page, '/')
      const reply = await page.request.get(new URL('/api/prices', page.url()).href)
      const { treatments } = (await reply.json()) as PricesReply
      const fee = (price: number | null) => (price === null ? 'No fee' : `${price} TK`)
      const expected = TREATMENT_CATEGORIES.map((category): [string, string[][]] => [
        category,
        treatments.filter((t) => t.category === category).map((t) => [t.name, fee(t.price)]),
      ]).filter(([, rows]) => rows.length > 0)
      // The demo clinic has a treatment in each of the spec's four groups.
      expect(expected.map(([category]) => category)).toEqual([...TREATMENT_CATEGORIES])
      expect(expected).toContainEqual(['Hygiene', expect.arrayContaining([['Teeth Cleaning', '800 TK']])])
      const shown = () =>
        page
          .getByTestId('pricing-category')
          .evaluateAll((cards) =>
            cards.map((card) => [
              card.querySelector('h3')?.textContent,
              Array.from(card.querySelectorAll('dl > div'), (row) => [
                row.querySelector('dt')?.textContent,
                row.querySelector('dd')?.textContent,
              ]),
            ]),
          )
      await expect.poll(shown).toEqual(expected)
      const pricing = page.locator('#pricing')
      await expect(pricing).not.toContainText('$')
      await expect(pricing.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
        'href',
        '/appointment',
      )
      await pricing.scrollIntoViewIfNeeded()
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page)
      if (shotsDir) await pricing.screenshot({ path: path.join(shotsDir, `home-pricing-${width}.png`) })
    },
  )

  test('has nine FAQ entries that open from the keyboard, with both opening-hour readings', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const entries = page.getByTestId('faq-entry')
    await expect(entries).toHaveCount(9)
    const hours = entries.first()
    await hours.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(hours).toHaveAttribute('open')
    await expect(hours).toContainText('9:00 AM to 5:00 PM Monday to Friday and 9:00 AM to 2:00 PM Saturday', {
      useInnerText: true,
    })
    await expect(hours).toContainText('8.00AM to 6.00PM', { useInnerText: true })
    const all = async () => (await entries.allTextContents()).join(' ')
    await expect.poll(all).toMatch(/every six months/)
    await expect.poll(all).toMatch(/several months/)
  })

  test('shows three testimonials in three columns on a large screen and one column on a phone', async () => {
    for (const [width, columns] of [
      [1280, 3],
      [375, 1],
    ]) {
      const page = await browser.newPage({ width })
      await openPage(page, '/')
      const cards = page.getByTestId('testimonials').locator(':scope > li')
      await expect(cards).toHaveCount(3)
      const columnsShown = async () =>
        new Set(await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left)))
          .size
      await expect.poll(columnsShown).toBe(columns)
    }
  })

  test('draws a QR code that a scanner reads as the appointment page of this site', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    // The code (and its library) load only once the banner comes near the viewport.
    const code = page.getByTestId('app-qr-code')
    await expect(code).toHaveCount(0)
    await page.locator('section[aria-labelledby="app-title"]').scrollIntoViewIfNeeded()
    await expect(code).toBeVisible()
    await expect
      .poll(() => code.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true)
    const { data, width, height } = await code.evaluate((image: HTMLImageElement) => {
      const canvas = document.createElement('canvas')
      canvas.width = 300
      canvas.height = 300
      const context = canvas.getContext('2d') as CanvasRenderingContext2D
      context.drawImage(image, 0, 0, 300, 300)
      return { data: [...context.getImageData(0, 0, 300, 300).data], width: 300, height: 300 }
    })
    const decoded = jsQR(Uint8ClampedArray.from(data), width, height)
    expect(decoded?.data).toBe(`${browser.baseURL()}/appointment`)
    await expect(page.getByRole('img', { name: 'Download on the App Store' })).toHaveCount(1)
    await expect(page.getByRole('img', { name: 'Get it on Google Play' })).toHaveCount(1)
  })

  test('every call to action leads to the page it names, and Get Started opens the appointment page', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const main = page.locator('main')
    const expected: [string, string][] = [
      ['Make An Appointment', '/appointment'],
      ['Meet Our Team', '/team'],
      ['Get Started', '/appointment'],
      ['Book An Appointment', '/appointment'],
      ['Book Now', '/appointment'],
    ]
    for (const [name, href] of expected) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await main.getByRole('link', { name: 'Get Started' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/appointment')
  })
})
