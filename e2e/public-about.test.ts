import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()

// Spec section 3, the static advantages list.
const advantages = [
  '24 Hour Emergency Service',
  '50+ Years of Combined Experience',
  'Invitation Premier Provider',
  'Offering Sedation Services',
  'Work with Most Insurance Plans',
  'Flexible Payment Options',
]

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')
const visibleSlide = (page: Page) =>
  carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) h3')

async function openAbout(width?: number) {
  const page = await browser.newPage({ width })
  await openPage(page, '/about')
  await expect(carousel(page)).toBeVisible()
  return page
}

/**
 * Records every value the carousel track's inline `transition` takes from now on: a slide's
 * animation lasts only 500 ms, too short to be sure of catching it by looking afterwards.
 */
async function recordTransitions(page: Page): Promise<() => Promise<string[]>> {
  await carousel(page)
    .getByTestId('carousel-track')
    .evaluate((track: HTMLElement) => {
      const seen = [track.style.transition]
      const observer = new MutationObserver(() => seen.push(track.style.transition))
      observer.observe(track, { attributeFilter: ['style'] })
      Object.assign(window, { transitionsSeen: seen })
    })
  return () => page.evaluate(() => (window as unknown as { transitionsSeen: string[] }).transitionsSeen)
}

describe('the About page', () => {
  test('has the about us banner with a breadcrumb home and the New smiles welcome', async () => {
    const page = await openAbout()
    await expect(page.locator('main h1')).toHaveText(/^about us$/i)
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('heading', { name: 'New smiles' })).toHaveCount(1)
    const main = page.locator('main')
    await expect(main.getByRole('link', { name: 'Make An Appointment' })).toHaveAttribute(
      'href',
      '/appointment',
    )
    await expect(page).toHaveTitle('About Us | Doctors Portal')
  })

  test('the Why Choose Us? carousel holds the six advantages and shows one at a time, without dots', async () => {
    const page = await openAbout()
    const slides = carousel(page).getByTestId('advantage')
    await expect(slides.locator('h3')).toHaveText(advantages)
    await expect(
      carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])'),
    ).toHaveCount(1)
    await expect(visibleSlide(page)).toHaveText(advantages[0] as string)
    await expect(carousel(page).getByRole('tab')).toHaveCount(0)
  })

  test('buttons and arrow keys move through the advantages in an endless loop and each move is announced', async () => {
    const page = await openAbout()
    const status = carousel(page).getByTestId('carousel-status')
    await carousel(page).getByRole('button', { name: 'Previous advantage' }).click()
    await expect(visibleSlide(page)).toHaveText(advantages[5] as string)
    await expect(status).toHaveText(`6 of 6: ${advantages[5]}`)
    await expect(status).toHaveAttribute('aria-live', 'polite')

    await carousel(page).getByRole('button', { name: 'Next advantage' }).focus()
    await page.keyboard.press('Enter')
    await expect(visibleSlide(page)).toHaveText(advantages[0] as string)
    await expect(status).toHaveText(`1 of 6: ${advantages[0]}`)
    await page.keyboard.press('ArrowRight')
    await expect(visibleSlide(page)).toHaveText(advantages[1] as string)
    await expect(status).toHaveText(`2 of 6: ${advantages[1]}`)
  })

  test('slides in 500 ms, and without animation when the visitor prefers reduced motion', async () => {
    const page = await openAbout()
    const transitions = await recordTransitions(page)
    await carousel(page).getByRole('button', { name: 'Next advantage' }).click()
    await expect.poll(transitions).toContain('transform 500ms ease-in-out')
    await expect(visibleSlide(page)).toHaveText(advantages[1] as string)

    const calm = await browser.newPage()
    await calm.emulateMedia({ reducedMotion: 'reduce' })
    await openPage(calm, '/about')
    const calmTransitions = await recordTransitions(calm)
    await carousel(calm).getByRole('button', { name: 'Next advantage' }).click()
    await expect(visibleSlide(calm)).toHaveText(advantages[1] as string)
    expect(new Set(await calmTransitions())).toEqual(new Set(['none']))
  })

  test('promotes the cleaning at its fee in TK, and shows three doctors with a View All link to the team', async () => {
    const page = await openAbout()
    const promo = page.locator('section[aria-labelledby="promo-title"]')
    await expect(promo.getByRole('heading')).toHaveText('Teeth Cleaning')
    await expect(promo).toContainText('800 TK')
    await expect(promo).not.toContainText('$')
    await expect(promo.getByRole('link')).toHaveAttribute('href', '/appointment')
    const doctors = page.locator('section[aria-labelledby="doctors-title"]')
    await expect(doctors.getByRole('heading', { level: 2 })).toHaveText('Meet the Doctors')
    await expect(doctors.getByTestId('doctor-card')).toHaveCount(3)
    await doctors.getByRole('link', { name: 'View All' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/team')
  })
})
