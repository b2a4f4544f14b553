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
  typed.get('/api/test/nul', async () => {
    await app.database.db.execute(sql`SELECT ${'Ann\u0000a'}::text`)
  })
  typed.get('/api/test/untranslatable', () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('character with byte sequence 0xe2 0x82 0xac has no equivalent'), {
        code: '22P05',
      }),
    })
  })
  typed.get('/api/test/refused', () => {
    throw new AppError('SLOT_TAKEN', 409, 'This slot was just booked. Please choose another.')
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
  expect(res.json()).toEqual({ message: 'Name is Required' })
})

test('malformed JSON is a 400, never a 5xx', async () => {
  const res = await post('{"name": ')
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' })
})

test('a body over the limit is a 413', async () => {
  const res = await post(JSON.stringify({ name: 'x'.repeat(200_000) }))
  expect(res.statusCode).toBe(413)
  expect(res.json()).toEqual({ message: 'The request is too large.' })
})

test('an unexpected error is a generic 500 that leaks no detail or stack trace', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/crash' })
  expect(res.statusCode).toBe(500)
  expect(res.json()).toEqual({ message: 'Something went wrong' })
  expect(res.body).not.toMatch(/10\.0\.0\.5|password|at .*\.ts|stack/i)
})

test('an AppError answers with its status and user message', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/refused' })
  expect(res.statusCode).toBe(409)
  expect(res.json()).toEqual({ message: 'This slot was just booked. Please choose another.' })
})

test('an unknown API route is a 404 JSON answer', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' })
  expect(res.statusCode).toBe(404)
  expect(res.headers['content-type']).toContain('application/json')
  expect(res.json()).toEqual({ message: 'Not found' })
})

test('text the database cannot store is a 400, never a 5xx (NUL, a character outside its encoding)', async () => {
  for (const url of ['/api/test/nul', '/api/test/untranslatable']) {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(400)
    expect(res.json()).toEqual({ message: 'Please use letters, digits and punctuation only.' })
  }
})

test("the router's refusals are { message } too, without echoing the address", async () => {
  const badUrl = await app.inject({ method: 'GET', url: '/api/booking/x%ED%A0%80y' })
  expect(badUrl.statusCode).toBe(400)
  expect(badUrl.json()).toEqual({ message: 'This address is not valid.' })
  const longParam = await app.inject({ method: 'GET', url: `/api/booking/${'x'.repeat(200)}` })
  expect(longParam.statusCode).toBe(414)
  expect(longParam.json()).toEqual({ message: 'This address is too long.' })
})
