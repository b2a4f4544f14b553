import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from './app'
import { captureLog } from './test/captured-log'
import { captureMail } from './test/captured-mail'
import { nextAddress, sessionCookie, uniqueEmail } from './test/factories'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

const { lines, stream: logStream } = captureLog()
let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), {
    database: await createTestDatabase(),
    webDir: '/nonexistent',
    mailer: captureMail(),
    logStream,
  })
  // A database failure on the query that carries a new account's e-mail and password hash.
  await app.database.db.execute(sql`
    create function fail_log_probe() returns trigger language plpgsql as $$
    begin
      if new.name = 'Log Probe' then raise exception 'the log probe account is refused'; end if;
      return new;
    end $$`)
  await app.database.db.execute(sql`
    create trigger fail_log_probe before insert on users for each row execute function fail_log_probe()`)
})
afterAll(() => app.close())

const send = (request: InjectOptions) => app.inject({ remoteAddress: nextAddress(), ...request })

test('hostile requests and a failing query leave no password, hash, token or cookie in the log', async () => {
  const password = `Qz7!${randomUUID()}`
  const email = uniqueEmail('logged')
  const registered = await send({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Log Patient', email, password },
  })
  expect(registered.statusCode).toBe(201)
  const cookie = sessionCookie(registered)
  await send({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${password}x` } })
  const signedIn = await send({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  const freshCookie = sessionCookie(signedIn)
  const jwt = await send({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(email)}`,
    headers: { cookie: freshCookie },
  })
  const { token } = jwt.json() as { token: string }
  await send({
    method: 'PATCH',
    url: '/api/auth/profile',
    headers: { authorization: `Bearer ${token}`, cookie: freshCookie },
    payload: { displayName: 'Log Patient' },
  })
  await send({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie, authorization: `Bearer ${token}x` },
  })
  await send({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  })
  await send({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: `{"email":"${email}","password":"${password}"`,
  })
  const probeEmail = uniqueEmail('probe')
  const failed = await send({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Log Probe', email: probeEmail, password },
  })
  expect(failed.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' })
  expect(failed.statusCode).toBe(500)

  const log = lines.join('')
  const errors = lines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50)
  expect(errors).toEqual([
    expect.objectContaining({
      err: expect.objectContaining({ cause: expect.objectContaining({ code: 'P0001' }) }),
    }),
  ])
  expect(log).toContain('the log probe account is refused')
  expect(log).not.toContain(password)
  expect(log).not.toContain('$argon2')
  expect(log).not.toContain(token)
  for (const value of [cookie, freshCookie]) expect(log).not.toContain(value.split('=')[1])
  expect(log).not.toContain(probeEmail)
})

test("patients' e-mail addresses in paths and query strings stay out of the access lines; the route's pattern is there", async () => {
  const email = uniqueEmail('access.line')
  const registered = await send({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Access Line', email, password: `Qz7!${randomUUID()}` },
  })
  const cookie = sessionCookie(registered)
  const query = `email=${encodeURIComponent(email)}`
  const { token } = (await send({ method: 'GET', url: `/api/jwt?${query}`, headers: { cookie } })).json()
  const bearer = { authorization: `Bearer ${token}` }
  const asked = lines.length
  for (const url of [
    `/api/users/admin/${encodeURIComponent(email)}`,
    `/api/users/admin/${email}`,
    `/api/bookings?${query}`,
    `/dashboard/${email}`,
  ])
    await send({ method: 'GET', url, headers: bearer })

  const access = lines
    .slice(asked)
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === 'request completed')
  expect(access.map((line) => [line.req.route, line.statusCode])).toEqual([
    ['/api/users/admin/:email', 200],
    ['/api/users/admin/:email', 200],
    ['/api/bookings', 200],
    [null, 404],
  ])
  const written = JSON.stringify(access)
  for (const form of [email, encodeURIComponent(email), email.split('@')[0]])
    expect(written).not.toContain(form)
})
