import * as oidc from 'openid-client'

export interface GoogleSettings {
  clientId: string
  clientSecret: string
  issuer: string
}

/** What the browser must bring back to the callback: kept in a short-lived signed cookie. */
export interface PendingSignIn {
  verifier: string
  state: string
  nonce: string
  returnTo: string
}

export interface GoogleIdentity {
  subject: string
  email: string
  emailVerified: boolean
  name?: string
}

/**
 * OpenID Connect authorization code flow with PKCE, state and nonce (openid-client checks the
 * ID token's signature, issuer, audience, expiry and nonce). The provider's metadata is fetched
 * on first use and kept; a failed fetch is retried on the next sign-in.
 */
export function createGoogleClient(settings: GoogleSettings, redirectUri: string) {
  let configuration: Promise<oidc.Configuration> | undefined
  const discover = () => {
    // Plain http only for a local test provider; Google itself is https.
    const options = settings.issuer.startsWith('http:')
      ? { execute: [oidc.allowInsecureRequests] }
      : undefined
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, options)
      .catch((error: unknown) => {
        configuration = undefined
        throw error
      })
    return configuration
  }

  return {
    async start(returnTo: string): Promise<{ url: string; pending: PendingSignIn }> {
      const config = await discover()
      const pending = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        returnTo,
      }
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      })
      return { url: url.href, pending }
    },

    async finish(callbackUrl: URL, pending: PendingSignIn): Promise<GoogleIdentity> {
      const config = await discover()
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims || typeof claims.email !== 'string') throw new Error('the ID token has no e-mail')
      return {
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      }
    },
  }
}

export type GoogleClient = ReturnType<typeof createGoogleClient>
