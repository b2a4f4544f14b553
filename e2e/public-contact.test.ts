import { describe, expect, test } from 'vitest'
import { useBrowser } from './support/browser'
import { openPage } from './support/public-pages'

const browser = useBrowser()

describe('the Contact page', () => {
  test('shows the title, the find-us heading and four info tiles including the opening hours', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    expect(await page.locator('main h1').innerText()).toMatch(/^contact us$/i)
    const findUs = page.locator('section[aria-labelledby="find-us-title"]')
    expect(await findUs.innerText()).toContain('HOW TO FIND US')
    expect(await findUs.getByRole('heading', { level: 2 }).innerText()).toBe('We are Here to Help You')
    const tiles = page.getByTestId('contact-tile')
    expect(await tiles.locator('h3').allInnerTexts()).toEqual(['Address', 'Phone', 'E-mail', 'Opening hours'])
    expect(await tiles.nth(3).innerText()).toContain('8.00AM to 6.00PM')
  })

  test('the form has an email field, a subject and a message with the spec placeholders', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    const email = page.getByRole('textbox', { name: 'Email' })
    expect(await email.getAttribute('type')).toBe('email')
    expect(await email.getAttribute('placeholder')).toBe('Email Address')
    expect(await page.getByRole('textbox', { name: 'Subject' }).getAttribute('placeholder')).toBe('Subject')
    const message = page.getByRole('textbox', { name: 'Message' })
    expect(await message.evaluate((element) => element.tagName)).toBe('TEXTAREA')
    expect(await message.getAttribute('placeholder')).toBe('Your Message')
  })

  test('submitting sends nothing and tells the visitor how to reach the clinic by phone and e-mail', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    const requests: string[] = []
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`))
    await page.getByRole('textbox', { name: 'Email' }).fill('patient@example.com')
    await page.getByRole('textbox', { name: 'Subject' }).fill('Question')
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you open on Sundays?')
    await page.getByRole('textbox', { name: 'Message' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    const notice = page.getByRole('status').filter({ hasText: 'not sent' })
    await notice.waitFor()
    expect(await notice.locator('a[href^="tel:"]').count()).toBe(1)
    expect(await notice.locator('a[href^="mailto:"]').count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/contact')
    expect(requests.filter((request) => !request.startsWith('GET '))).toEqual([])
  })

  test('the browser checks the email field before anything happens', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
    await page.getByRole('button', { name: 'Submit' }).click()
    const valid = await page
      .getByRole('textbox', { name: 'Email' })
      .evaluate((input: HTMLInputElement) => input.validity.valid)
    expect(valid).toBe(false)
    expect(await page.getByRole('status').filter({ hasText: 'not sent' }).count()).toBe(0)
  })
})
