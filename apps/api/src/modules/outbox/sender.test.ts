import { eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app'
import { outbox } from '../../db/schema'
import type { Mailer, MailMessage } from '../../providers/mail/mailer'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, signUp } from '../../test/factories'
import { createTestApp, testConfig } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { MAX_ATTEMPTS, writeMail } from '.'

const clock = testClock('Asia/Dhaka', TODAY, '09:10')
const HOUR = 3_600_000
const DRAIN_ONLY = { quietMs: HOUR, maxWaitMs: HOUR, pollMs: HOUR }
const resetMessage = (to: string) => ({
  to,
  subject: 'Reset your password',
  text: 'https://portal/reset?token=x',
})

describe('a mail that cannot be delivered', () => {
  const attempts: MailMessage[] = []
  const refusing: Mailer = {
    async send(message) {
      attempts.push(message)
      throw new Error('SMTP server unreachable')
    },
  }
  let app: FastifyInstance
  beforeAll(async () => {
    // Only the test's drain() sends: a wake-up of its own would count an attempt the test did not make.
    app = await createTestApp({}, { now: clock.now, mailer: refusing, outboxTiming: DRAIN_ONLY })
  })
  afterAll(() => app.close())

  test('is retried after growing delays, the same message each time, then given up and erased', async () => {
    const patient = await createAccount(app)
    const booked = await book(app, patient, { appointmentDate: day(1) })
    expect(booked.statusCode).toBe(201)
    await writeMail(app.database.db, 'password_reset', resetMessage(patient.email))
    const rows = () =>
      app.database.db
        .select()
        .from(outbox)
        .where(inArray(outbox.kind, ['booking_confirmed', 'password_reset']))
    const delays: number[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await app.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(isNull(outbox.failedAt))
      await app.outbox.drain()
      const [row] = await app.database.db
        .select({ seconds: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())::float8` })
        .from(outbox)
        .where(eq(outbox.kind, 'booking_confirmed'))
      if (attempt < MAX_ATTEMPTS) delays.push(Math.round(Number(row?.seconds) / 10) * 10)
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600])
    for (const row of await rows()) {
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, message: null })
      expect(row.failedAt).toBeInstanceOf(Date)
      expect(row.lastError).toBe('SMTP server unreachable')
    }
    const confirmations = attempts.filter((m) => m.subject.startsWith('Booking confirmed'))
    expect(confirmations).toHaveLength(MAX_ATTEMPTS)
    expect(new Set(confirmations.map((m) => JSON.stringify(m))).size).toBe(1)
    // Given up: no further attempt.
    await app.database.db.update(outbox).set({ nextAttemptAt: sql`now()` })
    await app.outbox.drain()
    expect(attempts).toHaveLength(2 * MAX_ATTEMPTS)
  })

  test('never fails or undoes the booking or the cancellation', async () => {
    const patient = await createAccount(app)
    const res = await book(app, patient, { appointmentDate: day(2) })
    expect(res.statusCode).toBe(201)
    await app.outbox.drain()
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/bookings/${res.json().bookings.insertedId}`,
      headers: patient.headers,
    })
    expect(cancel.statusCode).toBe(200)
    expect(cancel.json().booking.status).toBe('cancelled')
  })
})

test('a patient who deleted their account gets no more mail', async () => {
  const mail = captureMail()
  // Only drain() sends here, so that every mail is still waiting when the account goes.
  const app = await createTestApp({}, { now: clock.now, mailer: mail, outboxTiming: DRAIN_ONLY })
  try {
    const patient = await signUp(app)
    const booked = await book(app, patient, { appointmentDate: day(1) })
    expect(booked.statusCode).toBe(201)
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: patient.headers,
      payload: { password: patient.password },
    })
    expect(deleted.statusCode).toBe(200)
    await app.outbox.drain()
    expect(mail.sent).toEqual([])
    const bookingMail = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.bookingId, booked.json().bookings.insertedId))
    expect(bookingMail.map((row) => row.kind).sort()).toEqual(['booking_cancelled', 'booking_confirmed'])
    for (const row of bookingMail) {
      expect(row.sentAt).toBeNull()
      expect(row.failedAt).toBeInstanceOf(Date)
    }
    const linksToTheOldAddress = await app.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.message}->>'to' = ${patient.email}`)
    expect(linksToTheOldAddress).toEqual([])
  } finally {
    await app.close()
  }
})

test('stopping the server lets the send in progress finish, and gives back what it had not tried yet', async () => {
  const database = await createTestDatabase()
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let started = (_message: MailMessage) => {}
  const sending = new Promise<MailMessage>((resolve) => {
    started = resolve
  })
  const sent: MailMessage[] = []
  const slowMailer: Mailer = {
    async send(message) {
      started(message)
      await gate
      sent.push(message)
    },
  }
  // The server closes the database when it stops; it stays open here to read the outcome.
  const app = await buildApp(testConfig(), {
    database: { ...database, close: async () => {} },
    logger: false,
    webDir: '/nonexistent',
    mailer: slowMailer,
  })
  try {
    await database.db.transaction(async (tx) => {
      await writeMail(tx, 'password_reset', resetMessage('first@example.test'))
      await writeMail(tx, 'password_reset', resetMessage('second@example.test'))
    })
    void app.outbox.drain()
    const inProgress = await sending
    // app.close() reaches the sender only after Fastify's own closing steps: the send is let go
    // once the sender has been told to stop, not before (else the next mail may start first).
    const stopSender = app.outbox.close
    app.outbox.close = () => {
      const senderStopped = stopSender()
      release()
      return senderStopped
    }
    await app.close()
    expect(sent).toEqual([inProgress])
    const rows = await database.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'))
    const done = rows.find((row) => row.id === inProgress.id)
    const rest = rows.find((row) => row.id !== inProgress.id)
    expect(done?.sentAt).toBeInstanceOf(Date)
    expect(rest).toMatchObject({ sentAt: null, attempts: 0 })
    const [due] = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.id} = ${rest?.id} AND ${outbox.nextAttemptAt} <= now()`)
    expect(due?.id).toBe(rest?.id)
  } finally {
    release()
    await database.close()
  }
})
