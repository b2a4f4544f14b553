import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createAccount, type TestAccount } from '../../../test/factories'
import { refusal } from '../../../test/refusal'
import { createTestApp } from '../../../test/test-app'
import { createAccessTokens } from './access-token'

const secret = randomBytes(32).toString('hex')
let app: FastifyInstance
let account: TestAccount
beforeAll(async () => {
  app = await createTestApp({ SESSION_SECRET: secret })
  account = await createAccount(app)
})
afterAll(() => app.close())

const callWith = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'X' },
  })

const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid

/** A token like ours, with some claims or the key changed. */
function forge(claims: Record<string, unknown>, options: { key?: string; expires?: number } = {}) {
  return new SignJWT({ email: account.email, sid: sessionOf(account.token), ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(account.id)
    .setIssuer('doctors-portal')
    .setAudience((claims.aud as string) ?? 'doctors-portal-api')
    .setIssuedAt()
    .setExpirationTime(options.expires ?? Math.floor(Date.now() / 1000) + 300)
    .sign(new TextEncoder().encode(options.key ?? secret))
}

test('a genuine token works (the forged ones below differ from it in one thing only)', async () => {
  expect((await callWith(await forge({}))).statusCode).toBe(200)
})

describe('tokens that are not ours and current get 401', () => {
  test('tampered payload (the signature no longer matches)', async () => {
    const [header, , signature] = account.token.split('.')
    const payload = Buffer.from(JSON.stringify({ sub: account.id, email: 'admin@clinic.test' })).toString(
      'base64url',
    )
    expect(refusal(await callWith(`${header}.${payload}.${signature}`))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  test('signed with another key', async () => {
    expect(refusal(await callWith(await forge({}, { key: randomBytes(32).toString('hex') })))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  test('expired', async () => {
    const res = await callWith(await forge({}, { expires: Math.floor(Date.now() / 1000) - 10 }))
    expect(refusal(res)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })

  test('alg: none', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = account.token.split('.')[1]
    expect(refusal(await callWith(`${header}.${payload}.`))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })

  test('another audience', async () => {
    expect(refusal(await callWith(await forge({ aud: 'some-other-api' })))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  test('not a JWT, or no bearer scheme', async () => {
    expect(refusal(await callWith('nonsense'))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const res = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: account.token },
    })
    expect(refusal(res)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })

  test('naming a session that is not a uuid, or another account’s session', async () => {
    expect(refusal(await callWith(await forge({ sid: 'not-a-uuid' })))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const other = await createAccount(app)
    expect(refusal(await callWith(await forge({ sid: sessionOf(other.token) })))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })
})

describe('a token checked once', () => {
  const tokens = createAccessTokens(secret)
  const subject = { id: randomUUID(), email: 'amina@example.test', sessionId: randomUUID() }
  afterEach(() => {
    vi.useRealTimers()
  })

  test('is accepted again, and a copy with one character of its signature changed is not', async () => {
    const token = await tokens.sign(subject)
    expect(await tokens.verify(token)).toEqual(subject)
    expect(await tokens.verify(token)).toEqual(subject)
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    expect(await tokens.verify(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull()
  })

  test('is refused from the second its lifetime ends', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-10T09:00:00Z'), toFake: ['Date'] })
    const token = await tokens.sign(subject)
    expect(await tokens.verify(token)).toEqual(subject)
    vi.setSystemTime(new Date('2026-06-10T09:04:59Z'))
    expect(await tokens.verify(token)).toEqual(subject)
    vi.setSystemTime(new Date('2026-06-10T09:05:00Z'))
    expect(await tokens.verify(token)).toBeNull()
  })
})
