import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'

const claimsOf = (token: string) => {
  const [, payload] = token.split('.')
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
}

/** `token` is a 300 s bearer token for `account`, as `/api/jwt` signs it, and the API takes it. */
export async function expectWorkingTokenFor(
  app: FastifyInstance,
  account: { id: string; email: string },
  token: string,
): Promise<void> {
  const claims = claimsOf(token)
  expect(claims.exp - claims.iat).toBe(300)
  expect(claims).toMatchObject({ sub: account.id, email: account.email, aud: 'doctors-portal-api' })
  const headers = { authorization: `Bearer ${token}` }
  const res = await app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'X' } })
  expect(res.statusCode).toBe(200)
}

/**
 * `count` sign-ins with wrong passwords from one address, taking turns between `servers` as a
 * load balancer would; answers their status codes in order.
 */
export async function failedSignInsInTurn(
  servers: FastifyInstance[],
  count: number,
  remoteAddress: string,
): Promise<number[]> {
  const statuses: number[] = []
  for (let n = 0; n < count; n++) {
    const server = servers[n % servers.length] as FastifyInstance
    const res = await server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `nobody-${n}@example.test`, password: 'Wrong!Pass1' },
      remoteAddress,
    })
    statuses.push(res.statusCode)
  }
  return statuses
}
