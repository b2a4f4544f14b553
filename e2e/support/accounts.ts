import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'

export interface Account {
  name: string
  email: string
  password: string
}

/** Created at the start of every e2e server (ADMIN_EMAIL / ADMIN_PASSWORD in global-setup.ts). */
export const adminAccount: Account = { name: 'Admin', email: 'admin@clinic.test', password: 'Admin#2026' }

/** A new, unused account's details (not yet registered). */
export function newAccount(name = 'Pat Patient'): Account {
  return { name, email: `patient-${randomUUID().slice(0, 8)}@example.test`, password: 'Str0ng!pass' }
}

interface Answer {
  status: number
  body: unknown
  /** `portal_session` as the answer set it, or null. */
  session: string | null
}

/**
 * The device cookie of each account this runner signed in, as one browser keeps it: its
 * sign-ins are then a known device's, outside the account's budget of password checks.
 */
const devices = new Map<string, string>()
const deviceOf = (email: string) =>
  devices.get(email) ?? (email === adminAccount.email ? inject('adminDevice') : undefined)
const setCookie = (res: { headers: { 'set-cookie'?: string[] } }, name: string) =>
  (res.headers['set-cookie'] ?? [])
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(line)?.[1])
    .find((value) => value !== undefined) ?? null

/*
 * The API limits attempts per address (10 registrations per 15 minutes, 20 logins per minute).
 * Calls made here come from a fresh loopback address each time (127.x.y.z all reach the server
 * on Linux), so the factories never run into those limits, whatever the other test files did.
 */
export const randomLoopback = () => {
  const byte = () => Math.floor(Math.random() * 254) + 1
  return `127.${byte()}.${byte()}.${byte()}`
}

/** An API call from the loopback address `from`, keeping the device cookie a browser would. */
export function call(
  url: string,
  options: {
    method: string
    body?: unknown
    cookie?: string
    device?: string
    from: string
    headers?: Record<string, string>
  },
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const headers: Record<string, string> = { ...options.headers }
    if (payload) headers['content-type'] = 'application/json'
    const cookies = [
      ...(options.cookie ? [`portal_session=${options.cookie}`] : []),
      ...(options.device ? [`portal_device=${options.device}`] : []),
    ]
    if (cookies.length > 0) headers.cookie = cookies.join('; ')
    const req = request(url, { method: options.method, headers, localAddress: options.from }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => {
        const device = setCookie(res, 'portal_device')
        const email = (options.body as { email?: string } | undefined)?.email
        if (device && email) devices.set(email, device)
        resolve({
          status: res.statusCode ?? 0,
          body: text ? JSON.parse(text) : null,
          session: setCookie(res, 'portal_session'),
        })
      })
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** Registers a new patient through the API and returns its details, for tests that need one. */
export async function registerViaApi(baseURL = inject('baseURL'), account = newAccount()): Promise<Account> {
  const answer = await call(`${baseURL}/api/auth/register`, {
    method: 'POST',
    body: account,
    from: randomLoopback(),
  })
  if (answer.status !== 201)
    throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return account
}

/**
 * Signs the page's browser context in as `account` without the login form (which the auth tests
 * cover): logs in through the API, then hands the browser the session cookie and the token the
 * answer brings (decision 0053), as if it had logged in before. The next page load restores the
 * session.
 */
export async function signIn(page: Page, account: Account, baseURL = inject('baseURL')): Promise<void> {
  const login = await call(`${baseURL}/api/auth/login`, {
    method: 'POST',
    body: { email: account.email, password: account.password },
    device: deviceOf(account.email),
    from: randomLoopback(),
  })
  if (login.status !== 200 || !login.session) throw new Error(`login failed: ${login.status}`)
  const { token } = login.body as { token: string }
  const { hostname } = new URL(baseURL)
  await page.context().addCookies([
    {
      name: 'portal_session',
      value: login.session,
      domain: hostname,
      path: '/api',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ])
  // Only on the context's first page load: later loads must see what the app itself stored.
  await page.context().addInitScript((value) => {
    if (localStorage.getItem('e2e.seeded')) return
    localStorage.setItem('e2e.seeded', '1')
    localStorage.setItem('userAccessToken', value)
  }, token)
}

/** Logs in through the /login form, as a visitor would, and waits until the app shows the user. */
export async function logInWithForm(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'log in' }).click()
}

/** The status of a login through the API (200 signed in, 401 refused), for tests that need no page. */
export async function loginStatus(account: Pick<Account, 'email' | 'password'>, baseURL = inject('baseURL')) {
  const login = await call(`${baseURL}/api/auth/login`, {
    method: 'POST',
    body: { email: account.email, password: account.password },
    from: randomLoopback(),
  })
  return login.status
}
