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
