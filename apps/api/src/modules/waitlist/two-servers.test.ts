import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import { book, cancelBooking, day, joinWaitlist, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { createTreatment } from '../../test/schedule-kit'
import { createTestAppOn } from '../../test/test-app'
import { createSharedDatabase } from '../../test/test-database'
import { useTwoServers } from '../../test/two-servers'
import { makeDueOffers } from './offers'

const ZONE = 'Asia/Dhaka'
const SLOT = '10:00 AM - 10:30 AM'
const DATE = day(1)
/** One secret for both servers, as behind a load balancer: a session from one works on the other. */
const SESSION_SECRET = randomBytes(32).toString('hex')

describe('waitlist offers with two servers on one database, and across a restart', () => {
  const clock = testClock(ZONE, TODAY, '08:00')
  const mail = captureMail()
  // Each test runs the job by hand, on the servers it names, at the moments it names.
  const servers = useTwoServers(createSharedDatabase, (database) =>
    createTestAppOn(
      database,
      { CLINIC_TIMEZONE: ZONE, SESSION_SECRET },
      { now: clock.now, mailer: mail, wakeOfferJob: false },
    ),
  )
  let admin: TestAccount
  beforeAll(async () => {
    admin = await createAdmin(servers.first)
  })

  const rules = (app: FastifyInstance) => ({
    holdMinutes: app.config.waitlistHoldMinutes,
    timeZone: ZONE,
    publicUrl: app.config.publicUrl,
  })
  const runOn = (app: FastifyInstance) => makeDueOffers(app.database.db, rules(app), clock.now())
  const offersTo = (patient: TestAccount) =>
    mail.sent.filter((m) => m.to === patient.email && m.subject.startsWith('A slot freed up'))
  const drain = () => Promise.all([servers.first.outbox.drain(), servers.second.outbox.drain()])

  /** A one-slot treatment whose slot on DATE was booked and then cancelled, with `line` waiting in order. */
  async function freedSlotWith(line: TestAccount[]) {
    clock.at(TODAY, '08:00')
    const treatment = await createTreatment(servers.first, admin, { starts: ['10:00'] })
    const holder = await createAccount(servers.first)
    const booked = await book(servers.first, holder, {
      treatmentName: treatment.name,
      appointmentDate: DATE,
      slot: SLOT,
    })
    expect(booked.statusCode, booked.body).toBe(201)
    for (const patient of line) {
      const joined = await joinWaitlist(servers.second, patient, treatment._id, DATE)
      expect(joined.statusCode, joined.body).toBe(201)
    }
    const cancelled = await cancelBooking(servers.second, holder, booked.json().bookings.insertedId)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
  }

  test('both servers running the job at the same moment make one offer, mailed once', async () => {
    const waiting = await createAccount(servers.first)
    await freedSlotWith([waiting])
    const made = await Promise.all([servers.first, servers.second, servers.first, servers.second].map(runOn))
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1)
    await drain()
    expect(offersTo(waiting)).toHaveLength(1)
  })

  test('a hold that runs out while its server is down moves to the next in line once it is back', async () => {
    const [firstInLine, nextInLine] = [await createAccount(servers.first), await createAccount(servers.first)]
    await freedSlotWith([firstInLine, nextInLine])
    expect(await runOn(servers.first)).toBe(1)
    await servers.first.outbox.drain()
    expect(offersTo(firstInLine)).toHaveLength(1)

    await servers.first.close()
    await servers.second.close()
    clock.set(new Date(clock.now().getTime() + (servers.first.config.waitlistHoldMinutes + 1) * 60_000))
    servers.first = await servers.start()
    servers.second = await servers.start()
    const made = await Promise.all([servers.first, servers.second].map(runOn))
    expect(made.reduce((sum, n) => sum + n, 0)).toBe(1)
    await drain()
    expect(offersTo(nextInLine)).toHaveLength(1)
    expect(offersTo(firstInLine)).toHaveLength(1)
  })
})
