import type { PricesReply } from '@shared/clinic'
import jsQR from 'jsqr'
import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()

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

  test('lists the treatments one can book with the fee in TK they cost, as the API gives them (decision 0030)', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const reply = await page.request.get(new URL('/api/prices', page.url()).href)
    const { treatments } = (await reply.json()) as PricesReply
    expect(treatments.map((treatment) => treatment.name)).toEqual(expect.arrayContaining(['Teeth Cleaning']))
    const pricing = page.getByTestId('pricing-category')
    const shown = async () => {
      const names = await pricing.locator('dt').allInnerTexts()
      const fees = await pricing.locator('dd').allInnerTexts()
      return names.map((name, index) => [name, fees[index]])
    }
    await expect
      .poll(shown)
      .toEqual(
        treatments.map((treatment) => [
          treatment.name,
          treatment.price === null ? 'No fee' : `${treatment.price} TK`,
        ]),
      )
    await expect(page.locator('#pricing')).not.toContainText('$')
  })

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
