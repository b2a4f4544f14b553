import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { nextAddress, STRONG_PASSWORD, uniqueEmail } from '../../test/factories'
import { createTestApp } from '../../test/test-app'
import { rateLimits } from './rate-limits'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const endpoints = [
  {
    name: 'register',
    max: rateLimits.register.max,
    send: (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Flood', email: uniqueEmail('flood'), password: STRONG_PASSWORD },
        remoteAddress,
      }),
  },
  {
    name: 'password reset',
    max: rateLimits.passwordReset.max,
    send: (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: uniqueEmail() },
        remoteAddress,
      }),
  },
  {
    name: 'password reset confirm',
    max: rateLimits.passwordResetConfirm.max,
    send: (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: 'guess', password: STRONG_PASSWORD },
        remoteAddress,
      }),
  },
  {
    name: 'token',
    max: rateLimits.refresh.max,
    send: (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: '/api/jwt?email=a%40b.test',
        headers: { cookie: 'portal_session=guess' },
        remoteAddress,
      }),
  },
  {
    name: 'session',
    max: rateLimits.refresh.max,
    send: (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: 'portal_session=guess' },
        remoteAddress,
      }),
  },
]

test.each(endpoints)('$name is limited per address, with a clear 429', async ({ max, send }) => {
  const address = nextAddress()
  for (let request = 0; request < max; request++) expect((await send(address)).statusCode).not.toBe(429)
  const limited = await send(address)
  expect(limited.statusCode).toBe(429)
  expect(limited.json().code).toBe('RATE_LIMITED')
  expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/)
  // Another address is served as before.
  expect((await send(nextAddress())).statusCode).not.toBe(429)
})
