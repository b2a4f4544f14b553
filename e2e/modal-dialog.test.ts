import { describe, test } from 'vitest'
import { registerViaApi, signIn } from './support/accounts'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

const browser = useBrowser()

describe('the shared modal dialog', () => {
  // daisyUI keeps a scrollbar's width free at the right while a modal is open; the dialog,
  // fixed to the window, stopped there and left a white strip beside its grey backdrop.
  for (const width of [375, 1280]) {
    test(`its backdrop reaches both edges of a ${width} px window over a page that scrolls`, async () => {
      const page = await browser.newPage({ width, height: 500 })
      await signIn(page, await registerViaApi())
      await page.goto('/dashboard/account')
      await page.getByRole('button', { name: 'Delete my account' }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
      await expect(dialog).toBeVisible()
      const seen = await dialog.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const root = document.documentElement
        return { left: box.left, right: box.right, scrolls: root.scrollHeight > window.innerHeight }
      })
      expect(seen).toEqual({ left: 0, right: width, scrolls: true })
    })
  }
})
