import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { logInWithForm, loginStatus, registerViaApi } from './support/accounts'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { mailedLink } from './support/outbox'
import { freePort, type RunningServer, startServer } from './support/server'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/**
 * Decision 0020: once strangers have spent an account's password checks, its owner on a new
 * browser finishes signing in by a mailed link. A server of its own, whose outbox folder this reads.
 */
describe('an account whose password is being guessed', () => {
  const browser = useBrowser()
  let server: RunningServer

  beforeAll(async () => {
    // The mailed link must lead to the origin the browser uses, or its cookies would not meet.
    const port = await freePort()
    server = await startServer({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } })
  })
  afterAll(async () => {
    await server?.stop()
  })

  test('the owner on a new browser signs in by the mailed link, and that browser is known from then on', async () => {
    const account = await registerViaApi(server.url)
    const guess = (i: number) => loginStatus({ email: account.email, password: `Wrong!${i}x` }, server.url)
    for (let i = 0; i < 10; i++) expect(await guess(i)).toBe(401)

    const page = await browser.newPage()
    await page.goto(`${server.url}/login`)
    await logInWithForm(page, account)
    await expect(page.getByRole('status')).toContainText('we have sent it a link that signs you in')

    const link = () => mailedLink(server.dataDir, account.email, '/login/device')
    await expect.poll(link).toMatch(/login\/device/)
    await page.goto((await link()) ?? '')
    await expect(page).toHaveURL((url) => url.pathname === '/login/device' && url.search === '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(mainNav(page).getByText(account.name.toUpperCase(), { exact: true })).toBeVisible()

    // Strangers still have no checks left; this browser signs in with the password at once.
    expect(await guess(10)).toBe(429)
    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await page.goto(`${server.url}/login`)
    await logInWithForm(page, account)
    await expect(mainNav(page).getByText(account.name.toUpperCase(), { exact: true })).toBeVisible()
  })
})
