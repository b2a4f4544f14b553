import { describe, expect, test } from 'vitest'
import { useBrowser } from './support/browser'
import { openPage, scrollThrough } from './support/public-pages'

const browser = useBrowser()

describe('the Team page', () => {
  test('shows eight members, each with photo, name, post, e-mail, description and four social buttons', async () => {
    const page = await browser.newPage()
    await openPage(page, '/team')
    await scrollThrough(page)
    const cards = page.getByTestId('staff-card')
    expect(await cards.count()).toBe(8)
    for (const card of await cards.all()) {
      const photo = card.getByRole('img')
      expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
      const name = await card.getByRole('heading', { level: 3 }).innerText()
      expect(await photo.getAttribute('alt')).toBe(`Portrait of ${name}`)
      const texts = await card.locator('p').allInnerTexts()
      expect(texts[0]?.length).toBeGreaterThan(3)
      expect(texts[1]?.length).toBeGreaterThan(30)
      const email = card.locator('a[href^="mailto:"]')
      expect(await email.getAttribute('href')).toBe(`mailto:${await email.innerText()}`)
      const socials = card.locator('ul a')
      expect(await socials.count()).toBe(4)
      for (const social of await socials.all()) {
        expect(await social.getAttribute('href')).toMatch(/^https:\/\//)
        expect(await social.getAttribute('aria-label')).toMatch(/on (Facebook|X|Instagram|LinkedIn)/)
      }
    }
  })

  test('has the dental emergency banner with a Make an appointment button', async () => {
    const page = await browser.newPage()
    await openPage(page, '/team')
    const banner = page.locator('section[aria-labelledby="emergency-title"]')
    expect(await banner.getByRole('heading', { level: 2 }).innerText()).toBe(
      'What to Do in a Dental Emergency?',
    )
    const cta = banner.getByRole('link', { name: 'Make an appointment' })
    expect(await cta.getAttribute('href')).toBe('/appointment')
    expect(await banner.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+\d+$/)
  })
})
