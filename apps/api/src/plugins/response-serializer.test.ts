import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { createTestApp } from '../test/test-app'

const PublicUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  joined: z.iso.date(),
  nickname: z.string().nullable(),
  roles: z.array(z.object({ name: z.string() })),
})

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/test/user', { schema: { response: { 200: PublicUser } } }, () => ({
      _id: '0b5f6f8e-4a4e-4c38-9b1a-2f0d7e1c9a11',
      name: 'Ayesha',
      joined: '2026-01-05',
      nickname: null,
      roles: [{ name: 'patient', internal: 'x' }],
      passwordHash: '$argon2id$v=19$secret',
    }))
})
afterAll(() => app.close())

test('only fields declared in the response schema leave the server', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/user' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({
    _id: '0b5f6f8e-4a4e-4c38-9b1a-2f0d7e1c9a11',
    name: 'Ayesha',
    joined: '2026-01-05',
    nickname: null,
    roles: [{ name: 'patient' }],
  })
  expect(res.body).not.toContain('argon2')
})
