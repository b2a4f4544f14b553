import { mkdirSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { AppOptionsReply } from '@shared/clinic'
import { addDays } from '@shared/clinic-time'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { adminAccount, registerViaApi, signIn } from './support/accounts'
import { expectNoAxeViolations } from './support/axe'
import { bookViaApi, callAsPage, clinicCalendar, openDayAfter } from './support/booking'
import { useBrowser } from './support/browser'
import { expect } from './support/expect'
import { adminEnv } from './support/own-server'
import { type RunningServer, startServer } from './support/server'
import { inStoppedDatabase } from './support/stopped-database'

const shotsDir = process.env.SHOTS_DIR
const browser = useBrowser()
// A week ahead and a day ahead: a booking a few days ahead is inside the first window.
const ENV = { ...adminEnv, REMINDER_HOURS: '168,24' }

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ env: ENV })
})
afterAll(async () => {
  await server?.stop()
})

/** How many reminder mails to `email` the outbox folder holds. */
async function remindersMailed(email: string): Promise<number> {
  const outbox = path.join(server.dataDir, 'outbox')
  const files = await readdir(outbox).catch(() => [] as string[])
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')))
  return mails.filter((eml) => eml.includes(`To: ${email}`) && /^Subject: Reminder: /m.test(eml)).length
}

describe('reminders at the front desk', () => {
  /*
   * A reminder is due only once its moment has come after the booking was made (decision 0034),
   * and the browser tests run on the real clock. So the booking is made, the server stopped, the
   * booking's creation moved eight days back in its database, and the restarted server sends the
   * week-ahead reminder due since then within seconds of its start.
   */
  test('a booking made a week ago shows its week-ahead reminder as sent on the agenda', async () => {
    const patient = await registerViaApi(server.url)
    const page = await browser.newPage()
    await signIn(page, patient, server.url)
    await page.goto(`${server.url}/dashboard`)
    const calendar = await clinicCalendar(page)
    const date = openDayAfter(calendar, 2)
    // Inside the week-ahead window, not yet inside the day-ahead one.
    expect(date <= addDays(calendar.today, 6)).toBe(true)
    const options: AppOptionsReply = await (
      await callAsPage(page, 'GET', `/api/appOptions?date=${date}`)
    ).json()
    const option = options.options.find((o) => o.slots.length > 0)
    if (!option) throw new Error(`no free slot on ${date}`)
    const bookingId = await bookViaApi(page, {
      appointmentDate: date,
      treatmentName: option.name,
      patientName: patient.name,
      slot: option.slots[0] as string,
      phone: '01700 000034',
    })
    await page.context().close()

    await server.stop()
    await inStoppedDatabase(server.dataDir, (db) =>
      db.query(`UPDATE bookings SET created_at = created_at - interval '8 days' WHERE id = $1`, [bookingId]),
    )
    server = await startServer({ dataDir: server.dataDir, env: ENV })

    await expect.poll(() => remindersMailed(patient.email), { timeout: 30_000, intervals: [500] }).toBe(1)
    const frontDesk = await browser.newPage({ width: 1280 })
    await signIn(frontDesk, adminAccount, server.url)
    const row = frontDesk.getByRole('row').filter({ hasText: patient.name })
    // The mail's file is written a moment before its row is marked sent.
    await expect
      .poll(async () => {
        await frontDesk.goto(`${server.url}/dashboard/agenda?date=${date}`)
        return row.textContent()
      })
      .toContain('Reminder 168 h sent')
    await expect(row).not.toContainText('Reminder 24 h')
    await expectNoAxeViolations(frontDesk)
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true })
      await frontDesk.screenshot({
        path: path.join(shotsDir, 'agenda-reminder-sent-1280.png'),
        fullPage: true,
      })
    }
  }, 90_000)
})
