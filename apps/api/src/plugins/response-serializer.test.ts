import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { createTestApp } from '../test/test-app'
import { responseSerializerCompiler, serializationSchema } from './response-serializer'

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

const Visit = z.object({
  price: z.number().int().nullable(),
  note: z.string().nullable(),
  attendance: z.enum(['attended', 'no_show']).nullable(),
  doctor: z.object({ name: z.string() }).nullable(),
  closed: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('holiday'), reason: z.string() }),
    z.object({ kind: z.literal('weekday') }),
  ]),
})
const serializeVisit = responseSerializerCompiler({ schema: Visit })

test('a nullable value is a type list for the serializer; a real union stays a union', () => {
  const { properties } = serializationSchema(Visit) as { properties: Record<string, Record<string, unknown>> }
  expect(properties.price).toMatchObject({ type: ['integer', 'null'] })
  expect(properties.note).toMatchObject({ type: ['string', 'null'] })
  expect(properties.attendance).toMatchObject({ type: ['string', 'null'], enum: ['attended', 'no_show'] })
  expect(properties.doctor).toMatchObject({ type: ['object', 'null'], additionalProperties: false })
  for (const name of ['price', 'note', 'attendance', 'doctor'])
    expect(properties[name]).not.toHaveProperty('anyOf')
  expect(properties.closed).toHaveProperty('oneOf')
})

test('nullable values serialize as null or as their value, and a nullable object keeps its allow-list', () => {
  const filled = {
    price: 1200,
    note: 'first visit',
    attendance: 'attended',
    doctor: { name: 'Dr. Rahman', passwordHash: '$argon2id$v=19$secret' },
    closed: { kind: 'holiday', reason: 'Eid' },
  }
  expect(JSON.parse(serializeVisit(filled))).toEqual({
    price: 1200,
    note: 'first visit',
    attendance: 'attended',
    doctor: { name: 'Dr. Rahman' },
    closed: { kind: 'holiday', reason: 'Eid' },
  })
  const empty = { price: null, note: null, attendance: null, doctor: null, closed: { kind: 'weekday' } }
  expect(JSON.parse(serializeVisit(empty))).toEqual(empty)
})

test('a value of the wrong type is refused, not sent', () => {
  const visit = { note: null, attendance: null, doctor: null, closed: { kind: 'weekday' } }
  expect(() => serializeVisit({ ...visit, price: 'free' })).toThrow(TypeError)
  expect(() => serializeVisit({ ...visit, price: 12.5 })).toThrow(TypeError)
  expect(() => serializeVisit({ ...visit, price: null, doctor: 'Dr. Rahman' })).toThrow(TypeError)
})
