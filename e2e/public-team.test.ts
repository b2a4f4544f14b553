import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage, scrollThrough } from './support/public-pages'

const browser = useBrowser()

// Spec section 9's eight team members, the demo clinic's doctors.
const SEEDED_TEAM = [
  'Dr. Sarah Lee',
  'Dr. Michael Chen',
  'Dr. Amina Rahman',
  'Dr. Daniel Okafor',
  'Dr. Emily Carter',
  'Dr. Rafael Ortiz',
  'Grace Kim',
  'Noah Williams',
]

describe('the Team page', () => {
  test('shows the doctors the admins keep, the spec’s eight first seeded, each with photo, name, specialty and four social buttons', async () => {
    const page = await browser.newPage()
    await openPage(page, '/team')
    await scrollThrough(page)
    const cards = page.getByTestId('doctor-card')
    await expect(cards.filter({ hasText: 'Dr. Sarah Lee' })).toHaveCount(1)
    const names = await cards.locator('h3').allInnerTexts()
    expect(names).toEqual(expect.arrayContaining(SEEDED_TEAM))
    for (const card of await cards.all()) {
      const name = await card.getByRole('heading', { level: 3 }).innerText()
      const photo = card.getByRole('img', { name: `Portrait of ${name}` })
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      expect((await card.locator('p').first().innerText()).length).toBeGreaterThan(3)
      const socials = card.locator('ul a')
      await expect(socials).toHaveCount(4)
      for (const social of await socials.all()) {
        await expect(social).toHaveAttribute('href', /^https:\/\//)
        await expect(social).toHaveAttribute('aria-label', /on (Facebook|X|Instagram|LinkedIn)/)
      }
    }
    // The doctors' e-mail addresses stay with the admins (decision 0030).
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(0)
  })

  test('a photo downloads the copy that fills its column: 320 px at 1280 px wide, 640 px on a phone (decision 0041)', async () => {
    for (const [width, copy] of [
      [1280, 'w320.webp'],
      [375, 'w640.webp'],
    ] as const) {
      const page = await browser.newPage({ width })
      await openPage(page, '/team')
      const photo = page.getByTestId('doctor-card').first().getByRole('img')
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.currentSrc))
        .toMatch(new RegExp(`/uploads/[0-9a-f]{32}${copy}$`))
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
