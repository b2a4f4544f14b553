import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { adminAccount, loginStatus, newAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'

/** Patients of this test only: their names share a marker, so a search finds just them. */
async function patients(...names: string[]) {
  const marker = randomUUID().slice(0, 6)
  return Promise.all(names.map((name) => registerViaApi(undefined, newAccount(`${name} ${marker}`))))
}

/** The admin on All Users, searching for `search`. */
async function openUsers(page: Page, search: string) {
  await signIn(page, adminAccount)
  await page.goto('/dashboard/users')
  await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search users' }).fill(search)
  const shown = new RegExp(`matching “${search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”|No user matches`)
  await expect(page.getByText(shown)).toBeVisible()
}

/** A user's row: a table row, or a card below `sm` (located as markup, whatever its role then). */
const rowOf = (page: Page, text: string) =>
  page.locator('tbody tr').filter({ has: page.getByText(text, { exact: true }) })

/** Nothing on the page is wider than the window, so nothing needs sideways scrolling. */
async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }))
  expect(widths.content, 'page width').toBeLessThanOrEqual(widths.window)
}

describe('All Users', () => {
  const browser = useBrowser()

  test("Make Admin shows the spec's toast and the new role; Remove Admin takes it back", async () => {
    const [patient] = await patients('Rumana Haque')
    const page = await browser.newPage()
    await openUsers(page, patient?.email ?? '')
    const row = rowOf(page, patient?.name ?? '')
    await expect(row.getByText('patient', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: /Remove Admin/ })).toHaveCount(0)

    await row.getByRole('button', { name: /Make Admin/ }).click()
    await expect(page.getByText('Admin Make Successfully')).toBeVisible()
    await expect(row.getByText('admin', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: /Make Admin/ })).toHaveCount(0)

    await row.getByRole('button', { name: /Remove Admin/ }).click()
    await expect(page.getByText('Admin Removed Successfully')).toBeVisible()
    await expect(row.getByText('patient', { exact: true })).toBeVisible()
    await expect(row.getByRole('button', { name: /Make Admin/ })).toBeVisible()
  })

  test('the signed-in admin has no Remove Admin or Delete on their own row', async () => {
    const page = await browser.newPage()
    await openUsers(page, adminAccount.email)
    const row = rowOf(page, adminAccount.email)
    await expect(row.getByText('You', { exact: true })).toBeVisible()
    await expect(row.getByRole('button')).toHaveCount(0)
  })

  test('Delete asks first, naming the user; Keep User keeps them, Delete User deletes them', async () => {
    const [patient] = await patients('Tanvir Hasan')
    const name = patient?.name ?? ''
    const page = await browser.newPage()
    await openUsers(page, name)
    await rowOf(page, name)
      .getByRole('button', { name: /Delete/ })
      .click()
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` })
    await expect(dialog).toContainText(patient?.email ?? '')
    await dialog.getByRole('button', { name: 'Keep User' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(rowOf(page, name)).toBeVisible()

    await rowOf(page, name)
      .getByRole('button', { name: /Delete/ })
      .click()
    await dialog.getByRole('button', { name: 'Delete User' }).click()
    await expect(page.getByText('User Deleted Successfully')).toBeVisible()
    await expect(page.getByText(`No user matches “${name}”.`)).toBeVisible()
    expect(await loginStatus(patient as NonNullable<typeof patient>)).toBe(401)
  })

  test('search finds users by part of the name or the e-mail, in any case', async () => {
    const [first, second] = await patients('Sadia Islam', 'Sadia Khan')
    const marker = first?.name.split(' ').pop() ?? ''
    const page = await browser.newPage()
    await openUsers(page, marker.toUpperCase())
    await expect(page.getByText(`Showing 2 users matching “${marker.toUpperCase()}”.`)).toBeVisible()
    await expect(rowOf(page, first?.name ?? '')).toBeVisible()
    await expect(rowOf(page, second?.name ?? '')).toBeVisible()
    const box = page.getByRole('searchbox', { name: 'Search users' })
    await box.fill(second?.email.slice(0, 14) ?? '')
    await expect(rowOf(page, second?.name ?? '')).toBeVisible()
    await expect(rowOf(page, first?.name ?? '')).toHaveCount(0)
  })

  test('at 375 px: every action visible, no sideways scrolling, axe clean, also with the dialog open', async () => {
    const [patient, other] = await patients('Mahmudul Karim Chowdhury', 'Nusrat Jahan')
    const page = await browser.newPage({ width: 375, height: 800 })
    await openUsers(page, patient?.name.split(' ').pop() ?? '')
    for (const person of [patient, other]) {
      const row = rowOf(page, person?.name ?? '')
      await expect(row.getByRole('button', { name: /Make Admin/ })).toBeVisible()
      await expect(row.getByRole('button', { name: /Delete/ })).toBeVisible()
      await expect(row.getByText(person?.email ?? '')).toBeVisible()
    }
    await expectNoSidewaysScrolling(page)
    await expectNoAxeViolations(page)
    await rowOf(page, other?.name ?? '')
      .getByRole('button', { name: /Delete/ })
      .click()
    await expect(page.getByRole('dialog', { name: `Delete ${other?.name}?` })).toBeVisible()
    await expectNoSidewaysScrolling(page)
    await expectNoAxeViolations(page)
  })

  test('axe finds no violations at 1280 px', async () => {
    const [patient] = await patients('Farzana Yeasmin')
    const page = await browser.newPage()
    await openUsers(page, patient?.name ?? '')
    await expect(rowOf(page, patient?.name ?? '')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('a patient opening /dashboard/users is sent to /login', async () => {
    const [patient] = await patients('Curious Patient')
    const page = await browser.newPage()
    await signIn(page, patient as NonNullable<typeof patient>)
    await page.goto('/dashboard/users')
    await expect(page).toHaveURL((url) => url.pathname === '/login')
  })
})
