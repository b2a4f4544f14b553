import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { outbox } from '../../db/schema'
import { createMailer } from '../../providers/mail/mailer'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { fakeSmtpServer, messageIdOf } from '../../test/fake-smtp'
import { createTestApp } from '../../test/test-app'

const SMTP_PASSWORD = 'sm7p-secret-pass'

let app: FastifyInstance
const smtp = fakeSmtpServer(2)
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.server.address() as { port: number }
  const mailer = createMailer({
    smtpUrl: `smtp://clinic:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    from: 'Doctors Portal <no-reply@clinic.example>',
    dataDir: '/nonexistent',
  })
  app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:10').now, mailer })
})
afterAll(async () => {
  await app.close()
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()))
})

const rowOf = async (bookingId: string) =>
  (await app.database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId)))[0]
/** Seconds until the row's next attempt, as the database sees it. */
const secondsUntilRetry = async (id: string) => {
  const [row] = await app.database.db
    .select({ seconds: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())::float8` })
    .from(outbox)
    .where(eq(outbox.id, id))
  return Number(row?.seconds)
}
/** Lets the retry's delay pass. */
const makeDue = (id: string) =>
  app.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, id))

test('a confirmation the SMTP server refuses twice is retried later and delivered once, with one Message-ID', async () => {
  const patient = await createAccount(app)
  const booked = await book(app, patient, { appointmentDate: day(1) })
  expect(booked.statusCode).toBe(201)
  const bookingId = booked.json().bookings.insertedId

  await app.outbox.drain()
  const first = await rowOf(bookingId)
  expect(first).toMatchObject({ attempts: 1, sentAt: null, failedAt: null })
  expect(first?.lastError).toContain('451')
  expect(first?.lastError).not.toContain(SMTP_PASSWORD)
  const id = first?.id as string
  expect(await secondsUntilRetry(id)).toBeGreaterThan(20)
  expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(30)
  await app.outbox.drain()
  expect(smtp.attempts).toHaveLength(1) // not due yet

  await makeDue(id)
  await app.outbox.drain()
  expect(await rowOf(bookingId)).toMatchObject({ attempts: 2, sentAt: null })
  expect(await secondsUntilRetry(id)).toBeGreaterThan(30)
  expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(60)

  await makeDue(id)
  await app.outbox.drain()
  const sent = await rowOf(bookingId)
  expect(sent).toMatchObject({ attempts: 3, failedAt: null, lastError: null })
  expect(sent?.sentAt).toBeInstanceOf(Date)

  await makeDue(id) // even if it were due again, a sent mail is never sent twice
  await app.outbox.drain()
  expect(smtp.accepted).toHaveLength(1)
  expect(smtp.accepted[0]).toContain('Subject: Booking confirmed')
  expect(smtp.attempts.map(messageIdOf)).toEqual([
    `<${id}@clinic.example>`,
    `<${id}@clinic.example>`,
    `<${id}@clinic.example>`,
  ])
})
