import type { FastifyInstance } from 'fastify'
import { nextAddress, type SignedUpAccount, sessionCookie } from './factories'

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
export const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0'

/** The same account signed in once more, from another browser and address (a second session). */
export async function signInAgain(
  app: FastifyInstance,
  account: SignedUpAccount,
  userAgent: string,
  remoteAddress = nextAddress(),
): Promise<SignedUpAccount> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`)
  const jwt = await app.inject({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(account.email)}`,
    headers: { cookie: sessionCookie(login), 'user-agent': userAgent },
    remoteAddress,
  })
  const { token } = jwt.json() as { token: string }
  return { ...account, token, headers: { authorization: `Bearer ${token}` }, cookie: sessionCookie(jwt) }
}

/** Any call that needs a live session: 200 while it lasts, 401 once it has ended. */
export const whoAmI = (app: FastifyInstance, account: { headers: { authorization: string } }) =>
  app.inject({ method: 'GET', url: '/api/me/sessions', headers: account.headers })

export const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextAddress(),
  })
