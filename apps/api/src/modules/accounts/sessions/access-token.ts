import { jwtVerify, SignJWT } from 'jose'

/** Access tokens live 300 s (spec section 9); the web app renews them before they expire. */
export const ACCESS_TOKEN_SECONDS = 300
const ISSUER = 'doctors-portal'
const AUDIENCE = 'doctors-portal-api'
const ALGORITHM = 'HS256'
/** About a megabyte of tokens; far more patients than are signed in at once. */
const REMEMBERED_TOKENS = 5_000

export interface AccessTokenSubject {
  id: string
  email: string
  /** The refresh session the token was issued from: revoking it (logout, reset) ends the token too. */
  sessionId: string
}

interface Verified {
  subject: AccessTokenSubject
  /** The token's exp claim, in seconds since the epoch. */
  expires: number
}

/**
 * The secret as a Web Crypto key, imported once: given the secret's bytes, jose imports a key
 * for every token it signs or checks, which took half the CPU of a token's check
 * (decision 0081).
 */
const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])

export function createAccessTokens(secret: string) {
  const key = hmacKey(secret)
  // A browser sends the same token with every call for its 300 s. Checking its signature through
  // Web Crypto cost more than the rest of a refused booking, and the answer for the same text is
  // the same until it expires. Only tokens that passed are kept, so garbage cannot fill this.
  const verified = new Map<string, Verified>()

  function remember(token: string, entry: Verified) {
    if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value as string)
    verified.set(token, entry)
  }

  async function verifySignature(token: string): Promise<Verified | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
      })
      const { sub, email, sid, exp } = payload
      if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null
      if (typeof exp !== 'number') return null
      return { subject: Object.freeze({ id: sub, email, sessionId: sid }), expires: exp }
    } catch {
      return null
    }
  }

  return {
    async sign(subject: AccessTokenSubject): Promise<string> {
      return new SignJWT({ email: subject.email, sid: subject.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(await key)
    },
    /** Resolves to the token's subject, or null for any token that is not ours and current. */
    async verify(token: string): Promise<AccessTokenSubject | null> {
      const entry = verified.get(token) ?? (await verifySignature(token))
      if (!entry) return null
      // jose's own rule: a token is expired from its exp second on.
      if (Math.floor(Date.now() / 1000) >= entry.expires) {
        verified.delete(token)
        return null
      }
      if (!verified.has(token)) remember(token, entry)
      return entry.subject
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>
