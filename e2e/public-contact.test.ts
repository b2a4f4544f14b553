import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()

describe('the Contact page', () => {
  test('shows the title, the find-us heading and four info tiles including the opening hours', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    await expect(page.locator('main h1')).toHaveText(/^contact us$/i)
    const findUs = page.locator('section[aria-labelledby="find-us-title"]')
    await expect(findUs).toContainText('HOW TO FIND US', { useInnerText: true })
    await expect(findUs.getByRole('heading', { level: 2 })).toHaveText('We are Here to Help You')
    const tiles = page.getByTestId('contact-tile')
    await expect(tiles.locator('h3')).toHaveText(['Address', 'Phone', 'E-mail', 'Opening hours'])
    await expect(tiles.nth(3)).toContainText('8.00AM to 6.00PM')
  })

  test('the form has an email field, a subject and a message with the spec placeholders', async () => {
    const page = await browser.newPage()
    await openPage(page, '/contact')
    const email = page.getByRole('textbox', { name: 'Email' })
    await expect(email).toHaveAttribute('type', 'email')
    await expect(email).toHaveAttribute('placeholder', 'Email Address')
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('placeholder', 'Subject')
    const message = page.getByRole('textbox', { name: 'Message' })
    await expect(message).toHaveJSProperty('tagName', 'TEXTAREA')
    await expect(message).toHaveAttribute('placeholder', 'Your Message')
  })
})
