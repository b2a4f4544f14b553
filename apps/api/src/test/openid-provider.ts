import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface TestIdentity {
  email: string
  email_verified: boolean
  name?: string
}

/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1 with one confidential
 * client, standing in for Google in tests. Like Google, it puts the e-mail claims in the ID token.
 */
export async function startOpenIdProvider(client: { id: string; secret: string; redirectUri: string }) {
  const identities = new Map<string, TestIdentity>()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['test-openid-provider-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx, accountId) {
      const identity = identities.get(accountId)
      return identity ? { accountId, claims: async () => ({ sub: accountId, ...identity }) } : undefined
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    identities,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Plays the browser at the provider: follows its redirects from the authorization URL, signs
 * in as `accountId` and consents on its login and consent pages, and returns the URL it sends
 * the browser back to (the portal's callback, with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string, callbackPrefix: string) {
  const jar = new Map<string, string>()
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const split = pair.indexOf('=')
      jar.set(pair.slice(0, split), pair.slice(split + 1))
    }
  }
  let url = authorizationUrl
  for (let step = 0; step < 12; step++) {
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } })
    remember(page)
    let next = page.headers.get('location')
    if (!next) {
      const html = await page.text()
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]
      const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1]
      if (!action || !prompt)
        throw new Error(`unexpected provider page ${page.status}: ${html.slice(0, 300)}`)
      const fields: Record<string, string> =
        prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt }
      const submitted = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      })
      remember(submitted)
      next = submitted.headers.get('location')
      if (!next) throw new Error(`the provider did not redirect after ${prompt}`)
    }
    url = new URL(next, url).href
    if (url.startsWith(callbackPrefix)) return url
  }
  throw new Error('the provider never redirected back to the portal')
}
