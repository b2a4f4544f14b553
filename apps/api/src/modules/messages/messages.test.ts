import { ContactMessageListReply } from '@shared/messages'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages } from '../../db/schema'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin, nextAddress, type TestAccount, uniqueEmail } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { contactRateLimit } from './routes'
import { MAX_MESSAGES_PER_ADDRESS } from './service'

const CLINIC = 'front-desk@clinic.test'
const mail = captureMail()
let app: FastifyInstance
let admin: TestAccount

beforeAll(async () => {
  app = await createTestApp({ CLINIC_EMAIL: CLINIC, PUBLIC_URL: 'https://portal.example' }, { mailer: mail })
  admin = await createAdmin(app)
})
afterAll(() => app.close())

const message = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('visitor'),
  subject: 'Sunday hours',
  message: 'Do you open on Sundays?\nThank you.',
  ...overrides,
})

const send = (payload: object, remoteAddress = nextAddress()) =>
  app.inject({ method: 'POST', url: '/api/messages', payload, remoteAddress })

const storedFrom = (email: string) =>
  app.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))

const inbox = async (account = admin) => {
  const res = await app.inject({ method: 'GET', url: '/api/messages', headers: account.headers })
  return ContactMessageListReply.parse(res.json()).messages
}

const markHandled = (id: string, handled: boolean, account = admin) =>
  app.inject({
    method: 'PUT',
    url: `/api/messages/${id}/handled`,
    headers: account.headers,
    payload: { handled },
  })

describe('sending a message', () => {
  test('is stored, mailed to CLINIC_EMAIL with a reply to the visitor, and confirmed to the visitor', async () => {
    const sent = message({ email: `  ${uniqueEmail('Visitor').toUpperCase()} ` })
    const email = String(sent.email).trim().toLowerCase()
    const res = await send(sent)
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toMatch(/Your message was sent/)
    expect(await storedFrom(email)).toMatchObject([
      { subject: 'Sunday hours', body: 'Do you open on Sundays?\nThank you.', handledAt: null },
    ])
    await app.outbox.drain()
    const toClinic = mail.sent.find((m) => m.to === CLINIC && m.replyTo === email)
    expect(toClinic?.subject).toBe('Contact form: Sunday hours')
    expect(toClinic?.text).toContain('Do you open on Sundays?\nThank you.')
    expect(toClinic?.text).toContain('https://portal.example/dashboard/messages')
    const confirmation = mail.sent.find((m) => m.to === email)
    expect(confirmation?.replyTo).toBe(CLINIC)
    expect(confirmation?.text).toContain('Your message reached the clinic')
    // Anyone may give any address: the confirmation carries none of the visitor's words.
    expect(confirmation?.text).not.toContain('Sundays')
    expect(confirmation?.subject).not.toContain('Sunday')
  })

  test.each([
    [{ email: 'not-an-address' }, 'Please enter a valid e-mail address.'],
    [{ email: '' }, 'Email is Required'],
    [{ subject: '   ' }, 'Subject is Required'],
    [{ message: '' }, 'Message is Required'],
    [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters.'],
    [{ subject: 'two\nlines' }, 'Please use letters, digits and punctuation only.'],
  ])(
    'bad input %j is refused with a clear message, and nothing is stored or mailed',
    async (overrides, text) => {
      const sent = message(overrides)
      const before = mail.sent.length
      const res = await send(sent)
      expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION' })
      expect(res.json().message).toBe(text)
      if (typeof sent.email === 'string' && sent.email.includes('@'))
        expect(await storedFrom(sent.email)).toEqual([])
      await app.outbox.drain()
      expect(mail.sent.length).toBe(before)
    },
  )
})

describe('rate limits', () => {
  test(`one network address may send ${contactRateLimit.max} messages in a window; another still may`, async () => {
    const address = nextAddress()
    for (let i = 0; i < contactRateLimit.max; i += 1)
      expect((await send(message(), address)).statusCode).toBe(201)
    const refused = message()
    const res = await send(refused, address)
    expect(refusal(res)).toEqual({ status: 429, code: 'RATE_LIMITED' })
    expect(res.json().message).toMatch(/^You have sent several messages already\. Please try again in /)
    expect(await storedFrom(refused.email)).toEqual([])
    expect((await send(message())).statusCode).toBe(201)
  })

  test(`one e-mail address may send ${MAX_MESSAGES_PER_ADDRESS} an hour, from any network; no more mail goes to it`, async () => {
    const email = uniqueEmail('flooded')
    for (let i = 0; i < MAX_MESSAGES_PER_ADDRESS; i += 1)
      expect((await send(message({ email }))).statusCode).toBe(201)
    const res = await send(message({ email }))
    expect(refusal(res)).toEqual({ status: 429, code: 'RATE_LIMITED' })
    expect(await storedFrom(email)).toHaveLength(MAX_MESSAGES_PER_ADDRESS)
    await app.outbox.drain()
    expect(mail.sent.filter((m) => m.to === email)).toHaveLength(MAX_MESSAGES_PER_ADDRESS)
  })
})

describe("the admins' inbox", () => {
  test('is for admins only: a patient is refused and sees nothing', async () => {
    const patient = await createAccount(app)
    const res = await app.inject({ method: 'GET', url: '/api/messages', headers: patient.headers })
    expect(refusal(res)).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(res.body).not.toContain('@')
  })

  test('lists open messages first, newest first; marking one handled names the admin, and it can be reopened', async () => {
    const older = message({ subject: 'Older question' })
    const newer = message({ subject: 'Newer question' })
    await send(older)
    await send(newer)
    const listed = (await inbox()).filter((m) => [older.email, newer.email].includes(m.email))
    expect(listed.map((m) => m.subject)).toEqual(['Newer question', 'Older question'])
    expect(listed[0]).toMatchObject({ handledAt: null, handledBy: null, message: newer.message })

    const newerId = listed[0]?._id as string
    const handled = await markHandled(newerId, true)
    expect(handled.statusCode).toBe(200)
    expect(handled.json()).toMatchObject({ _id: newerId, handledBy: 'Clinic Admin' })
    expect(handled.json().handledAt).toEqual(expect.any(String))
    const after = await inbox()
    const positions = [older.email, newer.email].map((email) => after.findIndex((m) => m.email === email))
    expect(positions[0]).toBeLessThan(positions[1] as number) // the open one now comes first

    const reopened = await markHandled(newerId, false)
    expect(reopened.json()).toMatchObject({ handledAt: null, handledBy: null })
  })

  test('marking a message that does not exist answers 404; a patient may not mark one', async () => {
    expect(refusal(await markHandled('00000000-0000-4000-8000-000000000000', true))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
    expect(refusal(await markHandled('not-an-id', true))).toEqual({ status: 404, code: 'NOT_FOUND' })
    const sent = message()
    await send(sent)
    const [row] = await storedFrom(sent.email)
    const patient = await createAccount(app)
    expect(refusal(await markHandled(row?.id as string, true, patient))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    })
    expect((await storedFrom(sent.email))[0]?.handledAt).toBeNull()
  })
})
