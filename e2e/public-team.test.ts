import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage, scrollThrough } from './support/public-pages'

const browser = useBrowser()

describe('the Team page', () => {
  test('shows eight members, each with photo, name, post, e-mail, description and four social buttons', async () => {
    const page = await browser.newPage()
    await openPage(page, '/team')
    await scrollThrough(page)
    const cards = page.getByTestId('staff-card')
    await expect(cards).toHaveCount(8)
    for (const card of await cards.all()) {
      const photo = card.getByRole('img')
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      const name = await card.getByRole('heading', { level: 3 }).innerText()
      await expect(photo).toHaveAttribute('alt', `Portrait of ${name}`)
      const texts = await card.locator('p').allInnerTexts()
      expect(texts[0]?.length).toBeGreaterThan(3)
      expect(texts[1]?.length).toBeGreaterThan(30)
      const email = card.locator('a[href^="mailto:"]')
      await expect(email).toHaveAttribute('href', `mailto:${await email.innerText()}`)
      const socials = card.locator('ul a')
      await expect(socials).toHaveCount(4)
      for (const social of await socials.all()) {
        await expect(social).toHaveAttribute('href', /^https:\/\//)
        await expect(social).toHaveAttribute('aria-label', /on (Facebook|X|Instagram|LinkedIn)/)
      }
    }
  })

  test('has the dental emergency banner with a Make an appointment button', async () => {
    const page = await browser.newPage()
    await openPage(page, '/team')
    const banner = page.locator('section[aria-labelledby="emergency-title"]')
    await expect(banner.getByRole('heading', { level: 2 })).toHaveText('What to Do in a Dental Emergency?')
    const cta = banner.getByRole('link', { name: 'Make an appointment' })
    await expect(cta).toHaveAttribute('href', '/appointment')
    await expect(banner.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+\d+$/)
  })
})
