import { describe, expect, test } from 'vitest'
import { book, day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount } from '../../test/factories'
import { createTestAppOn } from '../../test/test-app'
import { createSharedDatabase } from '../../test/test-database'
import { useTwoServers } from '../../test/two-servers'
import { writeDueReminders } from './reminders'

const ZONE = 'Asia/Dhaka'
const RULES = { hours: [24, 2], timeZone: ZONE }

describe('reminders with two servers on one database', () => {
  const clock = testClock(ZONE, TODAY, '08:00')
  const mail = captureMail()
  const servers = useTwoServers(createSharedDatabase, (database) =>
    createTestAppOn(database, { CLINIC_TIMEZONE: ZONE }, { now: clock.now, mailer: mail }),
  )

  const reminders = () => mail.sent.filter((m) => m.subject.startsWith('Reminder'))
  const drain = () => Promise.all([servers.first.outbox.drain(), servers.second.outbox.drain()])

  test('both running the job at the same moment write and send each reminder once', async () => {
    const slots = ['09:00 AM - 09:30 AM', '10:00 AM - 10:30 AM', '11:00 AM - 11:30 AM', '12:00 PM - 12:30 PM']
    for (const slot of slots) {
      const patient = await createAccount(servers.first)
      expect((await book(servers.first, patient, { appointmentDate: day(2), slot })).statusCode).toBe(201)
    }
    clock.at(day(1), '12:00')
    const runs = await Promise.all(
      [servers.first, servers.second, servers.first, servers.second].map((app) =>
        writeDueReminders(app.database.db, RULES, clock.now()),
      ),
    )
    expect(runs.reduce((sum, written) => sum + written, 0)).toBe(slots.length)
    await drain()
    expect(reminders()).toHaveLength(slots.length)
    expect(new Set(reminders().map((m) => m.to)).size).toBe(slots.length)
  })

  test('a server started again does not write a reminder already written', async () => {
    const patient = await createAccount(servers.first)
    expect((await book(servers.first, patient, { appointmentDate: day(7) })).statusCode).toBe(201)
    clock.at(day(6), '10:00')
    expect(await writeDueReminders(servers.first.database.db, RULES, clock.now())).toBe(1)
    await servers.first.close()
    servers.first = await servers.start()
    expect(await writeDueReminders(servers.first.database.db, RULES, clock.now())).toBe(0)
    clock.at(day(7), '08:00')
    expect(await writeDueReminders(servers.first.database.db, RULES, clock.now())).toBe(1)
    expect(await writeDueReminders(servers.second.database.db, RULES, clock.now())).toBe(0)
    await drain()
    expect(reminders().filter((m) => m.to === patient.email)).toHaveLength(2)
  })
})
