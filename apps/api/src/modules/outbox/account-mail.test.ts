import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { emailVerifications, outbox, passwordResets } from '../../db/schema'
import type { Mailer, MailMessage } from '../../providers/mail/mailer'
import { nextAddress, signUp } from '../../test/factories'
import { createTestApp } from '../../test/test-app'

type OutboxRow = typeof outbox.$inferSelect

// The mailer looks at the mail's row at the moment it is asked to send it.
const sent: { message: MailMessage; row: OutboxRow | undefined }[] = []
let app: FastifyInstance
const mailer: Mailer = {
  async send(message) {
    const [row] = await app.database.db.select().from(outbox).where(eq(outbox.id, message.id))
    sent.push({ message, row })
  },
}
beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://portal.example' }, { mailer })
})
afterAll(() => app.close())

const rowOf = async (id: string) => (await app.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]
const requestReset = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress: nextAddress(),
  })

test.each([
  ['email_verification', '/verify-email?token='],
  ['password_reset', '/reset-password?token='],
] as const)('a %s mail is a row before it is sent, and its link is erased once sent', async (kind, link) => {
  const account = await signUp(app)
  expect((await requestReset(account.email)).statusCode).toBe(202)
  await app.outbox.drain()
  const delivery = sent.find((s) => s.message.to === account.email && s.message.text.includes(link))
  expect(delivery?.row).toMatchObject({ kind, sentAt: null, failedAt: null, attempts: 1 })
  expect(delivery?.row?.message?.text).toContain(`https://portal.example${link}`)
  const after = await rowOf(delivery?.message.id as string)
  expect(after?.sentAt).toBeInstanceOf(Date)
  expect(after?.message).toBeNull()
})

test('a link whose mail cannot be written is not stored either: one transaction', async () => {
  const account = await signUp(app)
  await app.outbox.drain()
  // From now on the database refuses every written mail (a full disk, say), not the links.
  await app.database.db.execute(sql`
    CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'no room for mail'; END $$`)
  await app.database.db.execute(
    sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`,
  )
  try {
    expect((await requestReset(account.email)).statusCode).toBe(500)
    const resend = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: account.headers,
      remoteAddress: nextAddress(),
    })
    expect(resend.statusCode).toBe(500)
  } finally {
    await app.database.db.execute(sql`DROP TRIGGER refuse_mail ON outbox`)
    await app.database.db.execute(sql`DROP FUNCTION refuse_mail()`)
  }
  expect(
    await app.database.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id)),
  ).toEqual([])
  const links = await app.database.db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, account.id))
  expect(links).toHaveLength(1) // the one from the registration, none from the resend
})
