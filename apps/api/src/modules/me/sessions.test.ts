import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { nextAddress, type SignedUpAccount, signUp } from '../../test/factories'
import { ANDROID_CHROME, IPHONE_SAFARI, signInAgain, WINDOWS_FIREFOX, whoAmI } from '../../test/me-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

interface ListedSession {
  id: string
  device: string
  address: string | null
  lastSeenAt: string
  createdAt: string
  current: boolean
}

async function sessionsOf(account: SignedUpAccount): Promise<ListedSession[]> {
  const res = await whoAmI(app, account)
  expect(res.statusCode).toBe(200)
  return res.json().sessions
}

const endSession = (account: SignedUpAccount, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: account.headers })
const endOthers = (account: SignedUpAccount) =>
  app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: account.headers })

test('lists my live sessions with device, address and last use, and marks this one', async () => {
  const laptop = await signUp(app)
  const phone = await signInAgain(app, laptop, ANDROID_CHROME, '10.1.2.3')
  const listed = await sessionsOf(phone)
  expect(listed).toHaveLength(2)
  const current = listed.find((s) => s.current)
  expect(current).toMatchObject({ device: 'Chrome on Android', address: '10.1.2.3' })
  expect(Date.parse(current?.lastSeenAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
  expect(Date.parse(current?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
  expect(listed.find((s) => !s.current)?.device).toBe('Unknown device')
  // Seen from the other side, the other one is current.
  expect((await sessionsOf(laptop)).find((s) => s.current)?.id).not.toBe(current?.id)
  expect(JSON.stringify(listed)).not.toMatch(/token|hash/i)
})

test('a token renewal records the address and time it was used from', async () => {
  const account = await signUp(app)
  const phone = await signInAgain(app, account, IPHONE_SAFARI, '10.9.9.1')
  const before = (await sessionsOf(phone)).find((s) => s.current)
  await new Promise((resolve) => setTimeout(resolve, 20))
  const renewed = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: phone.cookie },
    remoteAddress: '10.9.9.2',
  })
  expect(renewed.statusCode).toBe(200)
  const after = (await sessionsOf(phone)).find((s) => s.current)
  expect(after).toMatchObject({ id: before?.id, device: 'Safari on iPhone', address: '10.9.9.2' })
  expect(Date.parse(after?.lastSeenAt ?? '')).toBeGreaterThan(Date.parse(before?.lastSeenAt ?? ''))
})

test("'Sign out' of another session ends it and its access tokens at once; this one goes on", async () => {
  const laptop = await signUp(app)
  const phone = await signInAgain(app, laptop, WINDOWS_FIREFOX)
  const other = (await sessionsOf(laptop)).find((s) => !s.current)
  expect(other).toBeDefined()
  const res = await endSession(laptop, other?.id ?? '')
  expect(res.statusCode).toBe(204)
  expect(refusal(await whoAmI(app, phone))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  const refresh = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: phone.cookie },
    remoteAddress: nextAddress(),
  })
  expect(refusal(refresh)).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true])
})

test("someone else's session, an unknown one and a malformed id are all 404", async () => {
  const mine = await signUp(app)
  const theirs = await signUp(app)
  const theirSession = (await sessionsOf(theirs))[0]
  expect(refusal(await endSession(mine, theirSession?.id ?? ''))).toEqual({ status: 404, code: 'NOT_FOUND' })
  expect((await whoAmI(app, theirs)).statusCode).toBe(200)
  expect(refusal(await endSession(mine, '00000000-0000-4000-8000-000000000000'))).toEqual({
    status: 404,
    code: 'NOT_FOUND',
  })
  const res = await endSession(mine, 'not-a-uuid')
  expect(res.statusCode).toBe(404)
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) })
})

test("'Sign out everywhere else' ends every other session and keeps this one", async () => {
  const laptop = await signUp(app)
  const phone = await signInAgain(app, laptop, ANDROID_CHROME)
  const tablet = await signInAgain(app, laptop, IPHONE_SAFARI)
  const bystander = await signUp(app)
  const res = await endOthers(phone)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ ended: 2 })
  expect(refusal(await whoAmI(app, laptop))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect(refusal(await whoAmI(app, tablet))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  expect((await whoAmI(app, bystander)).statusCode).toBe(200)
  expect((await sessionsOf(phone)).map((s) => s.device)).toEqual(['Chrome on Android'])
  expect((await endOthers(phone)).json()).toEqual({ ended: 0 })
})

test('signed out, the session routes answer 401', async () => {
  expect(refusal(await app.inject({ method: 'GET', url: '/api/me/sessions' }))).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  })
  expect(refusal(await app.inject({ method: 'DELETE', url: '/api/me/sessions' }))).toEqual({
    status: 401,
    code: 'UNAUTHORIZED',
  })
})
