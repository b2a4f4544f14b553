import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  type Account,
  adminAccount,
  logInWithForm,
  newAccount,
  registerViaApi,
  signIn,
} from './support/accounts'
import { axeViolations, describeViolations } from './support/axe'
import { useBrowser } from './support/browser'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' })
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('userAccessToken'))
const tokenEmail = (token: string | null) =>
  JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')).email

async function waitUntilSignedIn(page: Page, account: Account) {
  await mainNav(page).getByText(account.name.toUpperCase(), { exact: true }).waitFor()
}

/** The error tied to a field (aria-describedby), as a screen reader would announce it. */
const fieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
    return document.getElementById(ids.find((id) => id.endsWith('-error')) ?? '')?.textContent ?? null
  })

describe('register', () => {
  const browser = useBrowser()

  test('every rule of the form has its message, then the new patient lands on / signed in', async () => {
    const page = await browser.newPage()
    await page.goto('/register')
    const signUp = page.getByRole('button', { name: 'Sign Up' })
    await signUp.click()
    await expect(fieldError(page, 'Name')).resolves.toBe('Name is Required')
    await expect(fieldError(page, 'Email')).resolves.toBe('Email is Required')
    await expect(fieldError(page, 'Password')).resolves.toBe('Invalid Password')

    const account = newAccount('Rita Register')
    await page.getByLabel('Name').fill(account.name)
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('Ab1!')
    await expect(fieldError(page, 'Password')).resolves.toBe('Password Must Be 6 Characters Or longer.')
    await expect(fieldError(page, 'Email')).resolves.toBe('Please enter a valid e-mail address.')
    await page.getByLabel('Password').fill('abcdefgh')
    await expect(fieldError(page, 'Password')).resolves.toBe('Password Must Be Strong!')

    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await signUp.click()
    await page.waitForURL((url) => url.pathname === '/')
    await waitUntilSignedIn(page, account)
    expect(tokenEmail(await storedToken(page))).toBe(account.email)
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' }).isVisible()).resolves.toBe(true)
    await expect(mainNav(page).getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true)
  })

  test('an e-mail that already has an account gets the server message', async () => {
    const existing = await registerViaApi()
    const page = await browser.newPage()
    await page.goto('/register')
    await page.getByLabel('Name').fill('Someone Else')
    await page.getByLabel('Email').fill(existing.email)
    await page.getByLabel('Password').fill('An0ther!pass')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByRole('alert').innerText()).resolves.toBe(
      'An account with this e-mail already exists.',
    )
    expect(new URL(page.url()).pathname).toBe('/register')
    await expect(storedToken(page)).resolves.toBeNull()
  })
})

describe('login', () => {
  const browser = useBrowser()

  test('the form has its texts and links, and an empty e-mail is required', async () => {
    const page = await browser.newPage()
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Login Here' }).waitFor()
    await expect(page.getByRole('link', { name: 'forget Password?' }).getAttribute('href')).resolves.toBe(
      '/forgot-password',
    )
    await expect(page.getByRole('link', { name: 'Create new account' }).getAttribute('href')).resolves.toBe(
      '/register',
    )
    await expect(page.getByRole('button', { name: 'CONTINUE WITH GOOGLE' }).isVisible()).resolves.toBe(true)
    await page.getByRole('button', { name: 'log in' }).click()
    await expect(fieldError(page, 'Email')).resolves.toBe('Email is Required')
    await expect(fieldError(page, 'Password')).resolves.toBeNull()
  })

  test('a wrong password shows the server message under the password field', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await page.goto('/login')
    await logInWithForm(page, { email: account.email, password: 'Wrong!pass1' })
    await page.getByText('Wrong e-mail or password.').waitFor()
    await expect(fieldError(page, 'Password')).resolves.toBe('Wrong e-mail or password.')
    await expect(storedToken(page)).resolves.toBeNull()
  })

  test('the dashboard sends a visitor to /login, and logging in leads back to it with a token', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/login')
    await logInWithForm(page, account)
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await waitUntilSignedIn(page, account)
    expect(tokenEmail(await storedToken(page))).toBe(account.email)
    const main = page.getByRole('main')
    await main.getByText('Nov 2022').waitFor()
    await main.getByText('0 bookings').waitFor()
  })

  test("the appointment page's pending booking comes back with the visitor after login", async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await page.goto('/login')
    // What the appointment page's booking modal passes to /login (react-router keeps it in history.state.usr).
    const booking = { treatmentName: 'Teeth Cleaning', appointmentDate: '2030-01-07' }
    await page.evaluate((usr) => history.replaceState({ usr, key: 'e2e', idx: 0 }, ''), {
      from: { pathname: '/appointment', search: '', hash: '' },
      booking,
    })
    await page.reload()
    await logInWithForm(page, account)
    await page.waitForURL((url) => url.pathname === '/appointment')
    await expect(page.evaluate(() => history.state?.usr?.booking)).resolves.toEqual(booking)
  })

  test('a failed Google sign-in comes back with a message', async () => {
    const page = await browser.newPage()
    await page.goto('/login?error=google')
    await expect(page.getByRole('alert').innerText()).resolves.toContain('Google sign-in did not complete')
  })
})

describe('session', () => {
  const browser = useBrowser()

  test('logout ends the session on the server and clears the token', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await signIn(page, account)
    await page.goto('/')
    await waitUntilSignedIn(page, account)
    await mainNav(page).getByRole('button', { name: 'Logout' }).click()
    await mainNav(page).getByRole('link', { name: 'Login' }).waitFor()
    await expect(storedToken(page)).resolves.toBeNull()
    const session = await page.request.get('/api/auth/session')
    expect(session.status()).toBe(401)
    await page.goto('/dashboard')
    await page.waitForURL((url) => url.pathname === '/login')
  })

  test('two tabs reloading at once keep one live session (one refresh at a time)', async () => {
    const account = await registerViaApi()
    const first = await browser.newPage()
    await signIn(first, account)
    await first.goto('/')
    await waitUntilSignedIn(first, account)
    const second = await first.context().newPage()
    await Promise.all([first.reload(), second.goto('/dashboard')])
    await Promise.all([waitUntilSignedIn(first, account), waitUntilSignedIn(second, account)])
    await first.reload()
    await waitUntilSignedIn(first, account)
    expect(new URL(second.url()).pathname).toBe('/dashboard')
  })

  test('a refused token is renewed once and the call retried', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await signIn(page, account)
    await page.goto('/')
    await waitUntilSignedIn(page, account)
    // A token that looks current to the browser but that the server refuses (bad signature).
    const forged = await page.evaluate(() => {
      const [header = '', payload = ''] = (localStorage.getItem('userAccessToken') ?? '').split('.')
      const forgedToken = `${header}.${payload}.AAAA`
      localStorage.setItem('userAccessToken', forgedToken)
      return forgedToken
    })
    await page.goto('/dashboard')
    await page.getByRole('main').getByText('0 bookings').waitFor()
    const renewed = await storedToken(page)
    expect(renewed).not.toBe(forged)
    expect(tokenEmail(renewed)).toBe(account.email)
  })
})

describe('dashboard menu and admin routes', () => {
  const browser = useBrowser()
  const adminLinks = ['All Users', 'Add A Doctor', 'Manage Doctors']

  test('an admin sees My Appointment and the three admin links, and opens them', async () => {
    const page = await browser.newPage()
    await signIn(page, adminAccount)
    await page.goto('/dashboard')
    const menu = dashboardMenu(page)
    await menu.getByRole('link', { name: 'My Appointment' }).waitFor()
    for (const name of adminLinks)
      await expect(menu.getByRole('link', { name }).isVisible()).resolves.toBe(true)
    await menu.getByRole('link', { name: 'All Users' }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard/users')
    await page.getByRole('heading', { name: 'All Users' }).waitFor()
  })

  test('a patient sees only My Appointment and is sent to /login from an admin route', async () => {
    const account = await registerViaApi()
    const page = await browser.newPage()
    await signIn(page, account)
    await page.goto('/dashboard')
    const menu = dashboardMenu(page)
    await menu.getByRole('link', { name: 'My Appointment' }).waitFor()
    for (const name of adminLinks) expect(await menu.getByRole('link', { name }).count()).toBe(0)
    await page.goto('/dashboard/users')
    await page.waitForURL((url) => url.pathname === '/login')
    await expect(page.getByRole('status').innerText()).resolves.toContain('needs an admin account')
  })
})

describe('accessibility', () => {
  const browser = useBrowser()

  for (const path of ['/login', '/register', '/forgot-password']) {
    test(`axe finds no violations on ${path}, with its messages showing`, async () => {
      const page = await browser.newPage()
      await page.goto(path)
      await page.getByRole('button', { name: /log in|Sign Up|Send reset link/ }).click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
      const violations = await axeViolations(page)
      expect(violations, describeViolations(violations)).toEqual([])
    })
  }

  test('axe finds no violations on the dashboard of an admin', async () => {
    const page = await browser.newPage()
    await signIn(page, adminAccount)
    await page.goto('/dashboard')
    await page.getByRole('main').getByText('bookings').waitFor()
    const violations = await axeViolations(page)
    expect(violations, describeViolations(violations)).toEqual([])
  })
})
