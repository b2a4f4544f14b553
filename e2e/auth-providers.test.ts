import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { startOpenIdProvider } from '../apps/api/src/test/openid-provider'
import { logInWithForm, newAccount, registerViaApi } from './support/accounts'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { mailedLink } from './support/outbox'
import { freePort, type RunningServer, startServer } from './support/server'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

describe('CONTINUE WITH GOOGLE, with Google not configured (the default server)', () => {
  const browser = useBrowser()

  for (const path of ['/login', '/register']) {
    test(`${path} offers no Google sign-in, nor the OR before it`, async () => {
      const page = await browser.newPage()
      const providers = page.waitForResponse((res) => res.url().endsWith('/api/auth/providers'))
      await page.goto(path)
      expect(await (await providers).json()).toEqual({ google: false })
      await expect(page.getByRole('button', { name: /log in|Sign Up/ })).toBeVisible()
      await expect(page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toHaveCount(0)
      await expect(page.getByText('OR', { exact: true })).toHaveCount(0)
    })
  }
})

/**
 * A second server with Google sign-in pointed at a real local OpenID provider (the one the API
 * tests use), and its own data directory, whose mail outbox the password reset test reads.
 */
describe('with Google configured, and the password reset mail', () => {
  const browser = useBrowser()
  let provider: Awaited<ReturnType<typeof startOpenIdProvider>>
  let server: RunningServer

  beforeAll(async () => {
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    const client = { id: 'portal', secret: 'portal-client-secret' }
    provider = await startOpenIdProvider({ ...client, redirectUri: `${publicUrl}/api/auth/google/callback` })
    server = await startServer({
      port,
      env: {
        PUBLIC_URL: publicUrl,
        GOOGLE_CLIENT_ID: client.id,
        GOOGLE_CLIENT_SECRET: client.secret,
        GOOGLE_ISSUER: provider.issuer,
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await provider?.close()
  })

  test('the button signs in at the provider and comes back to the remembered page', async () => {
    provider.identities.set('google-user-1', {
      email: newAccount().email,
      email_verified: true,
      name: 'Gina Google',
    })
    const page = await browser.newPage()
    await page.goto(`${server.url}/dashboard`)
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    await page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).click()
    await expect(page).toHaveURL((url) => url.href.startsWith(provider.issuer))
    await page.locator('input[name=login]').fill('google-user-1')
    await page.locator('input[name=password]').fill('any')
    await page.locator('button[type=submit]').click()
    await page.locator('button[type=submit]', { hasText: 'Continue' }).click() // the consent page
    await expect(page).toHaveURL((url) => url.origin === server.url && url.pathname === '/dashboard')
    await expect(mainNav(page).getByText('GINA GOOGLE', { exact: true })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Appointment' }),
    ).toBeVisible()
  })

  test('forget Password? mails a single-use link that sets a new password', async () => {
    const account = await registerViaApi(server.url)
    const page = await browser.newPage()
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('link', { name: 'forget Password?' }).click()
    await expect(page.getByLabel('Email')).toHaveValue(account.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText('we have sent it a link')

    // The mail goes out after the answer, so the outbox is watched until it arrives.
    const resetLink = () => mailedLink(server.dataDir, account.email, '/reset-password')
    await expect.poll(resetLink).toMatch(/reset-password/)
    const url = (await resetLink()) ?? ''
    await page.goto(url)
    await expect(page).toHaveURL((current) => current.pathname === '/reset-password' && current.search === '')
    await page.getByLabel('New password').fill('N3w!password')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'Your password has been changed. Please log in with it.',
    )
    await page.getByRole('link', { name: 'log in' }).click()
    await logInWithForm(page, { email: account.email, password: 'N3w!password' })
    await expect(mainNav(page).getByText(account.name.toUpperCase(), { exact: true })).toBeVisible()

    const again = await browser.newPage()
    await again.goto(url)
    await again.getByLabel('New password').fill('An0ther!pass')
    await again.getByRole('button', { name: 'Save new password' }).click()
    await expect(again.getByRole('alert')).toContainText('This reset link is invalid')
  })
})
