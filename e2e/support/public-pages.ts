import type { Page } from 'playwright-core'

/** The public routes of spec section 2 owned by the public site. */
export const publicPages = [
  { path: '/', name: 'home' },
  { path: '/about', name: 'about' },
  { path: '/team', name: 'team' },
  { path: '/contact', name: 'contact' },
  { path: '/reviews', name: 'reviews' },
]

/** Scrolls to the bottom step by step so lazy images and sections load, then waits for every image. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete))
}

/** Opens a public page and waits until its lazy route chunk has rendered the page heading. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('main h1').first().waitFor({ state: 'attached' })
}
