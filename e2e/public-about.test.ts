import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { useBrowser } from './support/browser'
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
  carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) h3').innerText()

async function openAbout(width?: number) {
  const page = await browser.newPage({ width })
  await openPage(page, '/about')
  await carousel(page).waitFor()
  return page
}

describe('the About page', () => {
  test('has the about us banner with a breadcrumb home and the New smiles welcome', async () => {
    const page = await openAbout()
    expect(await page.locator('main h1').innerText()).toMatch(/^about us$/i)
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await breadcrumb.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    expect(await page.getByRole('heading', { name: 'New smiles' }).count()).toBe(1)
    const main = page.locator('main')
    expect(await main.getByRole('link', { name: 'Make An Appointment' }).getAttribute('href')).toBe(
      '/appointment',
    )
    expect(await page.title()).toBe('About Us | Doctors Portal')
  })

  test('the Why Choose Us? carousel holds the six advantages and shows one at a time, without dots', async () => {
    const page = await openAbout()
    const slides = carousel(page).getByTestId('advantage')
    expect(await slides.locator('h3').allInnerTexts()).toEqual(advantages)
    expect(
      await carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').count(),
    ).toBe(1)
    expect(await visibleSlide(page)).toBe(advantages[0])
    expect(await carousel(page).getByRole('tab').count()).toBe(0)
  })

  test('buttons and arrow keys move through the advantages in an endless loop and each move is announced', async () => {
    const page = await openAbout()
    const status = carousel(page).getByTestId('carousel-status')
    await carousel(page).getByRole('button', { name: 'Previous advantage' }).click()
    await expect.poll(() => visibleSlide(page)).toBe(advantages[5])
    expect(await status.innerText()).toBe(`6 of 6: ${advantages[5]}`)
    expect(await status.getAttribute('aria-live')).toBe('polite')

    await carousel(page).getByRole('button', { name: 'Next advantage' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => visibleSlide(page)).toBe(advantages[0])
    await expect.poll(() => status.innerText()).toBe(`1 of 6: ${advantages[0]}`)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => visibleSlide(page)).toBe(advantages[1])
    await expect.poll(() => status.innerText()).toBe(`2 of 6: ${advantages[1]}`)
  })

  test('slides in 500 ms, and without animation when the visitor prefers reduced motion', async () => {
    const page = await openAbout()
    const track = carousel(page).getByTestId('carousel-track')
    await carousel(page).getByRole('button', { name: 'Next advantage' }).click()
    expect(await track.evaluate((element) => element.style.transition)).toBe('transform 500ms ease-in-out')

    const calm = await browser.newPage()
    await calm.emulateMedia({ reducedMotion: 'reduce' })
    await openPage(calm, '/about')
    await carousel(calm).getByRole('button', { name: 'Next advantage' }).click()
    const calmTrack = carousel(calm).getByTestId('carousel-track')
    expect(await calmTrack.evaluate((element) => element.style.transition)).toBe('none')
    expect(await visibleSlide(calm)).toBe(advantages[1])
  })

  test('shows the 49.99 dollar promo and three doctors with a View All link to the team', async () => {
    const page = await openAbout()
    const promo = page.locator('section[aria-labelledby="promo-title"]')
    expect(await promo.innerText()).toContain('$49.99')
    expect(await promo.getByRole('heading').innerText()).toBe('Cleaning, Exam & Digital X-Rays')
    expect(await promo.getByRole('link').getAttribute('href')).toBe('/appointment')
    const doctors = page.locator('section[aria-labelledby="doctors-title"]')
    expect(await doctors.getByRole('heading', { level: 2 }).innerText()).toBe('Meet the Doctors')
    expect(await doctors.getByTestId('staff-card').count()).toBe(3)
    await doctors.getByRole('link', { name: 'View All' }).click()
    await page.waitForURL('**/team')
  })
})
