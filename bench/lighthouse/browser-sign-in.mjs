// Puts a patient's session into a fresh Chromium the way a returning patient's browser holds it:
// the refresh cookie (HttpOnly, path /api) and a fresh access token in local storage, which is
// what the web app looks for before it restores the session (apps/web/src/lib/auth). Runs under
// the audits' Node (audit.mjs).
//
// Lighthouse 13 clears only file systems, shader cache, service workers and cache storage of the
// origin before it navigates, besides the HTTP cache: cookies and local storage stay, so the page
// restores this session with its JavaScript and data fetched from the network as on any audit.

/** apps/api/src/modules/accounts/sessions/session-cookie.ts */
const SESSION_COOKIE = 'portal_session'
/** apps/web/src/lib/auth/token-store.ts */
const ACCESS_TOKEN_KEY = 'userAccessToken'

/**
 * A new session for each run: the page spends its cookie on load, as a browser would. The login
 * goes to the server itself (`apiURL`); the cookie and the token go to the origin the browser
 * audits (`baseURL`), which may be the bench's nginx in front of it.
 */
export async function signInBrowser(page, { baseURL, apiURL }, { email, password, deviceCookie }) {
  const login = await fetch(new URL('/api/auth/login', apiURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: deviceCookie },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`)
  // The answer brings the session's first token (decision 0053).
  const refreshCookie = sessionCookie(login)
  const { token } = await login.json()

  const { hostname } = new URL(baseURL)
  await page.browser().setCookie({
    name: SESSION_COOKIE,
    value: refreshCookie,
    domain: hostname,
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
  })
  // Local storage belongs to a document of the origin: the health answer loads none of the app.
  await page.goto(new URL('/api/health', baseURL).href)
  await page.evaluate((key, value) => localStorage.setItem(key, value), ACCESS_TOKEN_KEY, token)
}

function sessionCookie(response) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
  return line?.split(';')[0].slice(SESSION_COOKIE.length + 1)
}
