import { describe, inject, test } from 'vitest'
import { registerViaApi, signIn } from './support/accounts'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import {
  collectErrors,
  layoutShifted,
  policyViolations,
  recordLayoutShifts,
  recordPolicyViolations,
} from './support/page-health'
import { hydrated } from './support/public-pages'

const browser = useBrowser()

/** Each public page rendered on the server (decision 0043), with its heading and a text of its body. */
const pages = [
  { path: '/', heading: 'Your New Smile Starts Here', text: 'Dental Essentials' },
  { path: '/about', heading: 'about us', text: 'New patient special' },
  { path: '/appointment', heading: 'Book your visit', text: 'Bookings open up to' },
  { path: '/team', heading: 'Our Team', text: 'Experienced dentists' },
  { path: '/reviews', heading: 'What Our Patients Say', text: 'Olivia Bennett' },
  { path: '/contact', heading: 'contact us', text: 'We are Here to Help You' },
  { path: '/login', heading: 'Login Here', text: 'New to Doctors Portal?' },
  { path: '/register', heading: 'Sign Up', text: 'Already have an account?' },
  { path: '/no-such-page', heading: 'Page not found', text: 'There is no page at this address' },
]

describe('the public pages are rendered on the server', () => {
  test('the HTML holds each page heading and text before any JavaScript runs', async () => {
    for (const { path, heading, text } of pages) {
      const res = await fetch(`${inject('baseURL')}${path}`)
      const html = await res.text()
      expect(res.status, path).toBe(path === '/no-such-page' ? 404 : 200)
      const root = html.slice(html.indexOf('<div id="root">'))
      expect(root, path).toMatch(new RegExp(`<h1[^>]*>(<[^>]+>|[^<])*${heading}`, 'i'))
      expect(root, path).toContain(text)
      expect(root, path).toContain('id="page-data"')
      if (path !== '/no-such-page') expect(html, path).toMatch(/<title>[^<]+ \| Doctors Portal<\/title>/)
    }
  })

  for (const width of [375, 1280]) {
    test(`each page hydrates without an error, without moving and within its security policy at ${width} px`, async () => {
      const page = await browser.newPage({ width })
      // The not-found page's own 404 is what it should answer.
      const errors = collectErrors(page, /404/)
      await recordLayoutShifts(page)
      await recordPolicyViolations(page)
      const shifts: Record<string, number> = {}
      const violations: Record<string, string[]> = {}
      for (const { path, heading } of pages) {
        await page.goto(path)
        await hydrated(page)
        await expect(page.locator('main h1').first(), path).toContainText(new RegExp(heading, 'i'))
        await page.waitForLoadState('networkidle')
        shifts[path] = await layoutShifted(page)
        violations[path] = await policyViolations(page)
      }
      expect(errors).toEqual([])
      expect(shifts).toEqual(Object.fromEntries(pages.map(({ path }) => [path, 0])))
      expect(violations).toEqual(Object.fromEntries(pages.map(({ path }) => [path, []])))
    })
  }

  test('a page reads without JavaScript', async () => {
    const page = await browser.newPage({ width: 375, javaScript: false })
    await page.goto('/team')
    await expect(page.getByRole('heading', { level: 1, name: 'Our Team' })).toBeVisible()
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Dental Essentials' })).toBeVisible()
    // Before hydration a form takes no input (it would be lost) and cannot be sent (natively it
    // would put the password in the address).
    await page.goto('/login')
    await expect(page.getByLabel('Email')).not.toBeEditable()
    await expect(page.getByRole('button', { name: 'log in' })).toBeDisabled()
  })

  test('a signed-in visitor sees the header fill in after hydration, without an error', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    const errors = collectErrors(page)
    await signIn(page, account)
    await page.goto('/team')
    await hydrated(page)
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
    expect(errors).toEqual([])
  })
})
