import { jwtVerify, SignJWT } from 'jose'

/** Access tokens live 300 s (spec section 9); the web app renews them before they expire. */
export const ACCESS_TOKEN_SECONDS = 300
const ISSUER = 'doctors-portal'
const AUDIENCE = 'doctors-portal-api'
const ALGORITHM = 'HS256'

export interface AccessTokenSubject {
  id: string
  email: string
  /** The refresh session the token was issued from: revoking it (logout, reset) ends the token too. */
  sessionId: string
}

export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret)
  return {
    sign(subject: AccessTokenSubject): Promise<string> {
      return new SignJWT({ email: subject.email, sid: subject.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key)
    },
    /** Resolves to the token's subject, or null for any token that is not ours and current. */
    async verify(token: string): Promise<AccessTokenSubject | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
        })
        const { sub, email, sid } = payload
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null
        return { id: sub, email, sessionId: sid }
      } catch {
        return null
      }
    },
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>
