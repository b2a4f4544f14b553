import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { adminAccount, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { openPage } from './support/public-pages'

const browser = useBrowser()
// Set SHOTS_DIR to keep full-page screenshots of both pages at both widths.
const shotsDir = process.env.SHOTS_DIR

/** How far the page scrolls sideways (0: it fits the window). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

async function shoot(page: Page, name: string) {
  if (!shotsDir) return
  mkdirSync(shotsDir, { recursive: true })
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true })
}

describe('a contact message, from the visitor to the front desk', () => {
  test.each([375, 1280])(
    'at %i px: a visitor sends it, an admin reads it and marks it handled',
    async (width) => {
      const subject = `Sunday hours ${randomUUID().slice(0, 8)}`
      const email = `visitor-${randomUUID().slice(0, 8)}@example.test`
      const visitor = await browser.newPage({ width, height: 800 })
      await openPage(visitor, '/contact')
      await visitor.getByRole('textbox', { name: 'Email' }).fill(email)
      await visitor.getByRole('textbox', { name: 'Subject' }).fill(subject)
      await visitor.getByRole('textbox', { name: 'Message' }).fill('Do you open on Sundays?\nThank you.')
      await visitor.getByRole('button', { name: 'Submit' }).click()
      const notice = visitor.getByRole('status').filter({ hasText: 'Your message was sent' })
      await expect(notice).toBeVisible()
      await expect(notice).toBeFocused()
      await expect(visitor.getByRole('textbox', { name: 'Subject' })).toHaveValue('')
      await expect.poll(() => sideways(visitor)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(visitor)
      await shoot(visitor, `contact-sent-${width}`)

      const admin = await browser.newPage({ width, height: 800 })
      await signIn(admin, adminAccount)
      await admin.goto('/dashboard')
      await admin
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Messages' })
        .click()
      await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible()
      const card = admin.getByRole('article', { name: subject })
      await expect(card).toContainText('Do you open on Sundays?')
      await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', /^mailto:/)
      await expect(card.getByText('Open', { exact: true })).toBeVisible()
      await expect.poll(() => sideways(admin)).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(admin)
      await shoot(admin, `messages-${width}`)

      await card.getByRole('button', { name: 'Mark handled' }).click()
      await expect(card).toContainText('Handled by Clinic Admin')
      await expect(card.getByRole('button', { name: 'Reopen' })).toBeVisible()
      await admin.reload()
      await expect(admin.getByRole('article', { name: subject })).toContainText('Handled by Clinic Admin')
      await expectNoAxeViolations(admin)
    },
  )

  test('a wrong e-mail is named at its field, and nothing is sent', async () => {
    const page = await browser.newPage({ width: 375, height: 800 })
    await openPage(page, '/contact')
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(request.url())
    })
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible()
    await expect(page.getByText('Subject is Required')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    expect(posts).toEqual([])
  })

  test('someone not signed in is sent to log in, not shown the inbox', async () => {
    const page = await browser.newPage()
    await page.goto('/dashboard/messages')
    await expect(page).toHaveURL((url) => url.pathname === '/login')
  })
})
