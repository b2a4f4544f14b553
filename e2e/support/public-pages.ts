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

/** Opens a public page and waits until its lazy route chunk has rendered the page heading. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('main h1').first()).toBeAttached()
}
