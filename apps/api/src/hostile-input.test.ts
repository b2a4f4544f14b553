import { addDays, slotLabel } from '@shared/clinic-time'
import { ErrorReply } from '@shared/errors'
import fc from 'fast-check'
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { buildApp } from './app'
import { demoSlotStarts } from './db/seed'
import { captureMail } from './test/captured-mail'
import { createAccount, nextAddress, STRONG_PASSWORD, type TestAccount, uniqueEmail } from './test/factories'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

/**
 * Whatever a client puts in any string field of any route (control characters,
 * lone surrogates, very long text, characters that break JSON or URLs), the answer is never a 5xx,
 * and a refusal is exactly `{ code, message }` with a code from the shared list. The routes and
 * their string fields are read from the app's own route table and request schemas, so a route
 * added later is covered without touching this file.
 */

type Part = 'body' | 'querystring' | 'params' | 'headers'
const PARTS: Part[] = ['body', 'querystring', 'params', 'headers']

interface Route {
  method: HTTPMethods
  url: string
  schema: Partial<Record<Part, z.ZodType>>
}
interface Target {
  route: Route
  part: Part
  field: string
}
const IDENTITIES = ['patient', 'admin'] as const
type Identity = (typeof IDENTITIES)[number]

const NASTY = [
  '\u0000',
  'Ann\u0000a',
  '%00',
  '\u0007\u0008\u001b[31m',
  '\u007f',
  '\u0085\u009f',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'x'.repeat(10_000),
  '"}{\\',
  '{"a":',
  "'; DROP TABLE users; --",
  '\u2028\ufeff\uffff',
  '../../etc/passwd',
]

/** What no string field accepts: a control character or a lone surrogate inside the text. */
const NOT_PLAIN = /[\p{Cc}\p{Cs}]/u

/** Strings a careless server chokes on: the known ones, and random mixes of any UTF-16 unit. */
const hostile = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 0x9f }), fc.string({ maxLength: 10 }))
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`),
  fc.string({ unit: 'grapheme', minLength: 300, maxLength: 2_000 }),
)

/** The base type under optional/nullable/default wrappers and on the input side of a pipe. */
function baseOf(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType }
  if (def.innerType) return baseOf(def.innerType)
  if (def.type === 'pipe' && def.in) return baseOf(def.in)
  return schema
}
const typeOf = (schema: z.ZodType) => baseOf(schema)._zod.def.type
const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success

function fieldsOf(schema: z.ZodType | undefined): [string, z.ZodType][] {
  if (!schema || typeOf(schema) !== 'object') return []
  return Object.entries((baseOf(schema) as z.ZodObject).shape)
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T

/**
 * Dates and page cursors of the right shape that name no instant the database
 * can read (year 0, month 13, 99:99), and random ones around them.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const IMPOSSIBLE_DATES = ['0000-01-01', '0000-12-31', '0001-01-01', '9999-12-31', '2026-02-29', '2026-13-45']
const impossibleDate = fc.oneof(
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`),
)
const impossibleTime = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([hour, minute, second]) => `${pad(hour)}:${pad(minute)}:${pad(second)}`)
const impossibleCursor = fc.oneof(
  fc
    .tuple(impossibleDate, impossibleTime, fc.uuid())
    .map(([date, time, id]) => Buffer.from(`${date}T${time}.000000Z|${id}`).toString('base64url')),
  fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }).map(String),
)
const IMPOSSIBLE_CURSORS = ['2026-13-45T99:99:99', '0000-01-01T00:00:00'].map((at) =>
  Buffer.from(`${at}.000000Z|00000000-0000-4000-8000-000000000000`).toString('base64url'),
)
const DATE_OR_CURSOR = /date|cursor/i

/** A value each field accepts, so that the hostile one is the only thing wrong with a request. */
function validSample(field: string, part: Part, account: TestAccount, today: string): string {
  if (/email/i.test(field)) return part === 'body' ? uniqueEmail('hostile') : account.email
  if (/password/i.test(field)) return STRONG_PASSWORD
  // A fresh date and slot each time, so that a booking reaches the database instead of being
  // refused from memory for a slot an earlier request took.
  if (/date/i.test(field)) return addDays(today, 1 + Math.floor(Math.random() * 59))
  if (field === 'slot') return slotLabel(pick(demoSlotStarts()), 30)
  if (field === 'treatmentName') return 'Teeth Cleaning'
  if (field === 'phone') return '01700000000'
  if (field === 'id') return account.id
  if (field === 'returnTo') return '/'
  if (/key/i.test(field)) return `key-${Math.random()}`
  return 'Test Patient'
}

function sampleOf(schema: z.ZodType, field: string, part: Part, account: TestAccount, today: string) {
  const base = baseOf(schema)
  const def = base._zod.def as { type: string; entries?: Record<string, string> }
  if (def.type === 'string') return validSample(field, part, account, today)
  if (def.type === 'number') return 1
  if (def.type === 'boolean') return false
  if (def.type === 'enum' && def.entries) return Object.values(def.entries)[0]
  return undefined
}

/** Lone surrogates cannot be percent-encoded as UTF-8; send the bytes a broken client would. */
const encode = (value: string) =>
  value.replace(/[\s\S]/gu, (char) => {
    try {
      return encodeURIComponent(char)
    } catch {
      return '%ED%A0%80'
    }
  })

/** Exactly `{ code, message }` with a listed code, never Fastify's own `{ error, code, message, statusCode }`. */
const StrictErrorReply = z.strictObject(ErrorReply.shape)
function isErrorReply(body: string): boolean {
  try {
    return StrictErrorReply.safeParse(JSON.parse(body)).success
  } catch {
    return false
  }
}

const headerSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value)

describe('hostile input in any string field of any route', () => {
  let app: FastifyInstance
  const routes: Route[] = []
  let today: string
  const accounts: Record<Identity, () => Promise<TestAccount>> = {
    patient: () => createAccount(app),
    admin: () => createAccount(app, { role: 'admin', name: 'Clinic Admin' }),
  }

  beforeAll(async () => {
    app = await buildApp(testConfig(), {
      database: await createTestDatabase(),
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD')
            routes.push({
              method,
              url: route.url,
              schema: (route.schema ?? {}) as Route['schema'],
            })
        }
      },
    })
    today = (await app.inject({ method: 'GET', url: '/api/clinicCalendar' })).json().today
  })
  afterAll(() => app.close())

  const targets = (): Target[] =>
    routes.flatMap((route) =>
      PARTS.flatMap((part) =>
        fieldsOf(route.schema[part])
          .filter(([, schema]) => typeOf(schema) === 'string')
          .map(([field]) => ({ route, part, field })),
      ),
    )

  async function send(target: Target, value: string, identity: Identity, raw: boolean) {
    const account = await accounts[identity]()
    const parts = Object.fromEntries(
      PARTS.map((part) => [
        part,
        Object.fromEntries(
          fieldsOf(target.route.schema[part]).flatMap(([field, schema]) => {
            if (part === target.part && field === target.field) return [[field, value]]
            if (part !== 'params' && isOptional(schema)) return []
            return [[field, sampleOf(schema, field, part, account, today)]]
          }),
        ),
      ]),
    ) as Record<Part, Record<string, unknown>>
    const url = target.route.url.replace(/:(\w+)/g, (_, name: string) => encode(String(parts.params[name])))
    const query = Object.entries(parts.querystring)
      .map(([name, v]) => `${name}=${encode(String(v))}`)
      .join('&')
    const body = target.route.method === 'GET' || target.route.method === 'DELETE' ? undefined : parts.body
    const payload =
      body && raw && target.part === 'body'
        ? JSON.stringify({ ...body, [target.field]: '§' }).replace('"§"', `"${value}"`)
        : body && JSON.stringify(body)
    return app.inject({
      method: target.route.method,
      url: query ? `${url}?${query}` : url,
      remoteAddress: nextAddress(),
      headers: {
        ...(parts.headers as Record<string, string>),
        ...account.headers,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload,
    })
  }

  test('the route table has the routes that take text', () => {
    const names = targets().map((t) => `${t.route.method} ${t.route.url} ${t.part}.${t.field}`)
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register body.name',
        'PATCH /api/auth/profile body.displayName',
        'POST /api/users body.name',
        'GET /api/users/admin/:email params.email',
        'POST /api/bookings body.patientName',
      ]),
    )
  })

  test('never a 5xx, a refusal is { code, message }, and text with control characters is refused', async () => {
    const failures = new Map<string, string>()
    for (const target of targets()) {
      const values = target.part === 'headers' ? hostile.filter(headerSafe) : hostile
      await fc.assert(
        fc.asyncProperty(
          values,
          fc.constantFrom(...IDENTITIES),
          fc.boolean(),
          async (value, identity, raw) => {
            const res = await send(target, value, identity, raw)
            const refused = res.statusCode >= 300
            if (
              res.statusCode >= 500 ||
              (res.statusCode >= 400 && !isErrorReply(res.body)) ||
              (!refused && NOT_PLAIN.test(value.trim()))
            ) {
              const where = `${target.route.method} ${target.route.url} ${target.part}.${target.field}`
              failures.set(
                where,
                `${JSON.stringify(value.slice(0, 40))} as ${identity}: ${res.statusCode} ${res.body.slice(0, 100)}`,
              )
            }
          },
        ),
        {
          numRuns: 16,
          examples: NASTY.filter((v) => target.part !== 'headers' || headerSafe(v)).flatMap((v) =>
            IDENTITIES.map((identity): [string, Identity, boolean] => [v, identity, false]),
          ),
        },
      )
    }
    expect(Object.fromEntries(failures)).toEqual({})
  }, 120_000)

  test('the route table has the routes that take a date or a cursor', () => {
    const names = targets()
      .filter((t) => DATE_OR_CURSOR.test(t.field))
      .map((t) => `${t.route.method} ${t.route.url} ${t.part}.${t.field}`)
    expect(names).toEqual(
      expect.arrayContaining([
        'DELETE /api/schedule/holidays/:date params.date',
        'GET /api/agenda querystring.date',
        'GET /api/agenda.csv querystring.date',
        'GET /api/users querystring.cursor',
        'GET /api/audit querystring.cursor',
      ]),
    )
  })

  test('a date or cursor naming no real day or instant is never a 5xx, and a refusal is { code, message }', async () => {
    const failures = new Map<string, string>()
    for (const target of targets().filter((t) => DATE_OR_CURSOR.test(t.field))) {
      const values = /cursor/i.test(target.field) ? impossibleCursor : impossibleDate
      await fc.assert(
        fc.asyncProperty(values, fc.constantFrom(...IDENTITIES), async (value, identity) => {
          const res = await send(target, value, identity, false)
          if (res.statusCode >= 500 || (res.statusCode >= 400 && !isErrorReply(res.body))) {
            const where = `${target.route.method} ${target.route.url} ${target.part}.${target.field}`
            failures.set(where, `${value} as ${identity}: ${res.statusCode} ${res.body.slice(0, 100)}`)
          }
        }),
        {
          numRuns: 16,
          examples: (/cursor/i.test(target.field) ? IMPOSSIBLE_CURSORS : IMPOSSIBLE_DATES).flatMap((v) =>
            IDENTITIES.map((identity): [string, Identity] => [v, identity]),
          ),
        },
      )
    }
    expect(Object.fromEntries(failures)).toEqual({})
  }, 120_000)
})
