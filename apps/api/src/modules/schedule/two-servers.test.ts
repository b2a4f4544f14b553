import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildApp } from '../../app'
import { day, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAdmin, type TestAccount } from '../../test/factories'
import { createTreatment, optionOf, scheduleCall } from '../../test/schedule-kit'
import { testConfig } from '../../test/test-app'
import { createSharedPostgresDatabase, testDatabaseKind } from '../../test/test-database'
import { useTwoServers } from '../../test/two-servers'

// Two servers on one PostgreSQL database: an admin's change on one reaches the other's cached
// availability through the database's own announcements (migration 0007), with no call to clear it.
describe.runIf(testDatabaseKind === 'postgres')('schedule changes on two servers', () => {
  const clock = testClock('Asia/Dhaka', TODAY, '09:10')
  const env = { SESSION_SECRET: randomBytes(32).toString('hex') }
  const servers = useTwoServers(
    () => createSharedPostgresDatabase(),
    (database) =>
      buildApp(testConfig(env), {
        database,
        logger: false,
        webDir: '/nonexistent',
        mailer: captureMail(),
        now: clock.now,
      }),
  )
  let admin: TestAccount
  beforeAll(async () => {
    admin = await createAdmin(servers.first)
  })

  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 5 })

  test('a treatment created, re-priced and retired on one server shows on the other', async () => {
    const date = day(3)
    const treatment = await createTreatment(servers.first, admin, { price: 700 })
    await eventually(async () =>
      expect((await optionOf(servers.second, date, treatment.name))?.price).toBe(700),
    )
    await scheduleCall(servers.first, admin, 'PATCH', `/treatments/${treatment._id}`, { price: 750 })
    await eventually(async () =>
      expect((await optionOf(servers.second, date, treatment.name))?.price).toBe(750),
    )
    await scheduleCall(servers.first, admin, 'DELETE', `/treatments/${treatment._id}`)
    await eventually(async () => expect(await optionOf(servers.second, date, treatment.name)).toBeUndefined())
  })

  test('a holiday added on one server empties that date on the other', async () => {
    const date = day(4)
    expect((await optionOf(servers.second, date, 'Teeth Cleaning'))?.slots.length).toBeGreaterThan(0)
    const res = await scheduleCall(servers.first, admin, 'POST', '/holidays', {
      date,
      affectedBookings: 'keep',
    })
    expect(res.statusCode).toBe(201)
    await eventually(async () =>
      expect((await optionOf(servers.second, date, 'Teeth Cleaning'))?.slots).toEqual([]),
    )
  })
})
