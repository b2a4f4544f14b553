import { ERROR_CODES, ErrorReply } from '@shared/errors'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { AppError } from '../errors'
import { createTestApp } from '../test/test-app'

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(1, 'Name is Required') }) } },
    (req) => req.body,
  )
  typed.get('/api/test/crash', () => {
    throw new Error('connection to 10.0.0.5 failed: password authentication failed for user "portal"')
  })
  // A library's error that looks like ours (a code, a status) is still not meant for the client.
  typed.get('/api/test/lookalike', () => {
    throw Object.assign(new Error('upstream 10.0.0.5 refused'), { code: 'SLOT_TAKEN', statusCode: 502 })
  })
  typed.get('/api/test/nul', async () => {
    await app.database.db.execute(sql`SELECT ${'Ann\u0000a'}::text`)
  })
  // A date or an instant the schemas let through and PostgreSQL cannot read.
  typed.get(
    '/api/test/datetime/:value',
    { schema: { params: z.object({ value: z.string() }) } },
    async (req) => {
      await app.database.db.execute(sql`SELECT ${req.params.value}::timestamptz`)
    },
  )
  typed.get('/api/test/untranslatable', () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('character with byte sequence 0xe2 0x82 0xac has no equivalent'), {
        code: '22P05',
      }),
    })
  })
  // What a plugin throws for the client (http-errors style): a status, its own wording.
  typed.get(
    '/api/test/plugin/:status',
    { schema: { params: z.object({ status: z.coerce.number() }) } },
    (req) => {
      throw Object.assign(new Error('ENOENT /srv/portal/secret'), { statusCode: req.params.status })
    },
  )
  typed.get('/api/test/refused', () => {
    throw new AppError('SLOT_TAKEN', 'This slot was just booked. Please choose another.')
  })
})
afterAll(() => app.close())

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/test/echo',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  })

test('invalid input is a 400 with the schema message', async () => {
  const res = await post(JSON.stringify({ name: '' }))
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Name is Required' })
})

test('malformed JSON is a 400, never a 5xx', async () => {
  const res = await post('{"name": ')
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'INVALID_BODY', message: 'The request body is not valid JSON.' })
})

test('a body over the limit is a 413', async () => {
  const res = await post(JSON.stringify({ name: 'x'.repeat(200_000) }))
  expect(res.statusCode).toBe(413)
  expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' })
})

test('an unexpected error is a generic 500 that leaks no detail or stack trace', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/crash' })
  expect(res.statusCode).toBe(500)
  expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' })
  expect(res.body).not.toMatch(/10\.0\.0\.5|password|at .*\.ts|stack/i)
})

test("another library's error with a code and a 5xx status is a generic 500 all the same", async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/lookalike' })
  expect(res.statusCode).toBe(500)
  expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' })
})

test('a body of a type the API does not read is a 415', async () => {
  const res = await post('name=Ann', { 'content-type': 'application/x-www-form-urlencoded' })
  expect(res.statusCode).toBe(415)
  expect(res.json()).toEqual({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported.',
  })
})

test("a plugin's own client error keeps its status, gets a code by it and none of its text", async () => {
  const answers = await Promise.all(
    [403, 416].map((status) => app.inject({ method: 'GET', url: `/api/test/plugin/${status}` })),
  )
  expect(answers.map((res) => [res.statusCode, res.json()])).toEqual([
    [403, { code: 'FORBIDDEN', message: 'The request is invalid.' }],
    [416, { code: 'VALIDATION', message: 'The request is invalid.' }],
  ])
})

test('an empty JSON body is a 400', async () => {
  const res = await post('')
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ code: 'INVALID_BODY', message: 'The request body is empty.' })
})

test('an AppError answers with its status and user message', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/refused' })
  expect(res.statusCode).toBe(409)
  expect(res.json()).toEqual({
    code: 'SLOT_TAKEN',
    message: 'This slot was just booked. Please choose another.',
  })
})

test('an unknown API route is a 404 JSON answer', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' })
  expect(res.statusCode).toBe(404)
  expect(res.headers['content-type']).toContain('application/json')
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
})

test('text the database cannot store is a 400, never a 5xx (NUL, a character outside its encoding)', async () => {
  for (const url of ['/api/test/nul', '/api/test/untranslatable']) {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(400)
    expect(res.json()).toEqual({
      code: 'VALIDATION',
      message: 'Please use letters, digits and punctuation only.',
    })
  }
})

test('a date or time the database cannot read is a 400, never a 5xx (year 0, month 13, no date at all)', async () => {
  for (const value of ['0000-01-01', '2026-13-45T99:99:99', 'not-a-date']) {
    const res = await app.inject({ method: 'GET', url: `/api/test/datetime/${value}` })
    expect(res.statusCode, value).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'This date or time is not valid.' })
  }
})

test("the router's refusals are { code, message } too, without echoing the address", async () => {
  const badUrl = await app.inject({ method: 'GET', url: '/api/booking/x%ED%A0%80y' })
  expect(badUrl.statusCode).toBe(400)
  expect(badUrl.json()).toEqual({ code: 'BAD_URL', message: 'This address is not valid.' })
  const longParam = await app.inject({ method: 'GET', url: `/api/booking/${'x'.repeat(200)}` })
  expect(longParam.statusCode).toBe(414)
  expect(longParam.json()).toEqual({ code: 'BAD_URL', message: 'This address is too long.' })
})

test('every error path answers exactly { code, message } with a code from the one list', async () => {
  const answers = await Promise.all([
    app.inject({ method: 'GET', url: '/api/does-not-exist' }),
    app.inject({ method: 'DELETE', url: '/api/health' }),
    post('{"name": '),
    post(''),
    post(JSON.stringify({ name: 'x'.repeat(200_000) })),
    post('<name/>', { 'content-type': 'application/xml' }),
    post(JSON.stringify({ name: '' })),
    post(JSON.stringify([])),
    app.inject({ method: 'GET', url: '/api/test/nul' }),
    app.inject({ method: 'GET', url: '/api/test/refused' }),
    app.inject({ method: 'GET', url: '/api/test/crash' }),
    app.inject({ method: 'GET', url: '/api/test/lookalike' }),
    app.inject({ method: 'GET', url: '/api/test/plugin/416' }),
    app.inject({ method: 'GET', url: '/api/booking/x%ED%A0%80y' }),
    app.inject({ method: 'GET', url: `/api/booking/${'x'.repeat(200)}` }),
  ])
  for (const res of answers) {
    const where = `${res.raw.req.method} ${res.raw.req.url} ${res.statusCode}`
    expect(res.statusCode, where).toBeGreaterThanOrEqual(400)
    const body = res.json()
    expect(Object.keys(body).sort(), where).toEqual(['code', 'message'])
    expect(ERROR_CODES, where).toContain(body.code)
    expect(ErrorReply.safeParse(body).success, where).toBe(true)
  }
})
