import type { Page } from 'playwright-core'
import { expect } from './expect'

/** The public routes of spec section 2 owned by the public site. */
export const publicPages = [
  { path: '/', name: 'home' },
  { path: '/about', name: 'about' },
  { path: '/team', name: 'team' },
  { path: '/contact', name: 'contact' },
  { path: '/reviews', name: 'reviews' },
]

/**
 * Scrolls to the bottom step by step so lazy images and sections load, then waits for every image.
 * Each step waits until the browser has drawn that position (two animation frames), because an
 * IntersectionObserver only sees positions that were rendered.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const rendered = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await rendered()
    }
  })
  const loading = () =>
    page.evaluate(() =>
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map((image) => image.src),
    )
  await expect.poll(loading).toEqual([])
}

/** Opens a public page and waits until its heading is there and hydrated, so the page answers clicks. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('main h1').first()).toBeAttached()
  await hydrated(page)
}

/**
 * Waits until React has taken over the element at `selector` (the page's heading unless told). A
 * page rendered on the server (decision 0043) shows before its code runs; a click before then does
 * nothing.
 */
export const hydrated = (page: Page, selector = 'main h1') =>
  page.waitForFunction((wanted) => {
    const element = document.querySelector(wanted)
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
  }, selector)
