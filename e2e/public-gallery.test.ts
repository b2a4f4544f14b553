import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()

const counter = (page: Page) => page.locator('.yarl__counter')
const liveRegion = (page: Page) => page.locator('[role="dialog"] [aria-live="polite"]')

describe('the home gallery', () => {
  test('shows five pictures, each with a meaningful alt text', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    const thumbnails = page.getByTestId('gallery-image')
    await expect(thumbnails).toHaveCount(5)
    for (const alt of await thumbnails
      .locator('img')
      .evaluateAll((images) => images.map((i) => i.getAttribute('alt')))) {
      expect(alt?.length).toBeGreaterThan(15)
    }
  })

  test('opens a lightbox with counter and arrows; arrow keys move, Escape closes and focus returns', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    await expect(page.locator('.yarl__root')).toHaveCount(0)
    await page.getByTestId('gallery-image').nth(1).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(counter(page)).toHaveText(/^2\s*\/\s*5$/)
    await expect(liveRegion(page)).toHaveCount(1)
    await page.keyboard.press('ArrowRight')
    await expect(counter(page)).toHaveText(/^3\s*\/\s*5$/)
    await page.keyboard.press('ArrowLeft')
    await expect(counter(page)).toHaveText(/^2\s*\/\s*5$/)
    await page.keyboard.press('ArrowLeft')
    await expect(counter(page)).toHaveText(/^1\s*\/\s*5$/)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(counter(page)).toHaveText(/^2\s*\/\s*5$/)
    await dialog.getByRole('button', { name: 'Previous' }).click()
    await expect(counter(page)).toHaveText(/^1\s*\/\s*5$/)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.locator(':focus')).toHaveAttribute('data-testid', 'gallery-image')
  })

  test('zooms in and lets the zoomed picture be dragged', async () => {
    const page = await browser.newPage()
    await openPage(page, '/')
    await page.getByTestId('gallery-image').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' })
    await zoomIn.click()
    await zoomIn.click()
    const image = dialog.locator('.yarl__slide_current img')
    const transform = () =>
      image.evaluate((element) => getComputedStyle(element.parentElement as Element).transform)
    await expect.poll(transform).toMatch(/^matrix\((?!1, 0, 0, 1)/)
    const before = await transform()
    const box = await image.boundingBox()
    if (!box) throw new Error('the zoomed image has no box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 })
    await page.mouse.up()
    await expect.poll(transform).not.toBe(before)
    await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeEnabled()
  })
})
