import { randomBytes } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app'
import { outbox } from '../../db/schema'
import type { Mailer, MailMessage } from '../../providers/mail/mailer'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { createAccount } from '../../test/factories'
import { testConfig } from '../../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../../test/test-database'
import { writeMail } from '.'

/** Keeps what it sends, and takes a turn of the event loop for each, as a real transport would. */
function slowCapture(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = []
  return {
    sent,
    async send(message) {
      await nextTurn()
      sent.push(message)
    },
  }
}

// Two servers behind a load balancer, each with its own sender, on one outbox.
describe.runIf(testDatabaseKind === 'postgres')('two servers sending from one PostgreSQL outbox', () => {
  let shared: Awaited<ReturnType<typeof createSharedPostgresDatabase>>
  const servers: { app: FastifyInstance; mail: ReturnType<typeof slowCapture> }[] = []

  beforeAll(async () => {
    shared = await createSharedPostgresDatabase()
    const env = { SESSION_SECRET: randomBytes(32).toString('hex') }
    for (let i = 0; i < 2; i++) {
      const mail = slowCapture()
      const app = await buildApp(testConfig(env), {
        database: await shared.open(),
        logger: false,
        webDir: '/nonexistent',
        mailer: mail,
        now: testClock('Asia/Dhaka', TODAY, '09:10').now,
      })
      servers.push({ app, mail })
    }
  })
  afterAll(async () => {
    for (const { app } of servers) await app.close()
    await shared?.drop()
  })

  test('every mail is delivered exactly once, by one server or the other', async () => {
    const [first, second] = servers.map((s) => s.app) as [FastifyInstance, FastifyInstance]
    const slots = ['09:00 AM - 09:30 AM', '10:00 AM - 10:30 AM', '11:00 AM - 11:30 AM', '12:00 PM - 12:30 PM']
    for (const [i, slot] of slots.entries()) {
      const app = i % 2 === 0 ? first : second
      expect((await book(app, await createAccount(app), { appointmentDate: day(1), slot })).statusCode).toBe(
        201,
      )
    }
    for (let i = 0; i < 40; i++) {
      await writeMail((i % 2 === 0 ? first : second).database.db, 'password_reset', {
        to: `patient-${i}@example.test`,
        subject: 'Reset your password',
        text: `link ${i}`,
      })
    }
    // Both senders at once, several passes each, besides their own wake-ups.
    await Promise.all(servers.flatMap(({ app }) => [app.outbox.drain(), app.outbox.drain()]))

    const rows = await first.database.db.select().from(outbox)
    expect(rows).toHaveLength(44)
    const delivered = servers.flatMap(({ mail }) => mail.sent.map((m) => m.id))
    expect([...delivered].sort()).toEqual(rows.map((row) => row.id).sort())
    for (const row of rows) {
      expect(row).toMatchObject({ attempts: 1, failedAt: null })
      expect(row.sentAt).toBeInstanceOf(Date)
    }
  })
})
