import { addDays, clinicToday } from '@shared/clinic-time'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../db/client'
import { type BackgroundJob, startBackgroundJob } from '../../lib/background-job'

const HOUR_MS = 60 * 60 * 1000

export interface ReminderRules {
  /** REMINDER_HOURS: hours before the start at which a reminder is due. */
  hours: number[]
  timeZone: string
}

/**
 * Writes the reminder mails due at `now` (decision 0034), in one statement: for each active booking
 * not yet started, the smallest offset whose moment has come and that opened after the booking
 * was made or last moved (a booking made 20 hours ahead gets the 2-hour reminder only; a server
 * down for a day sends the latest reminder, not every missed one). The reminder's row and its outbox mail are
 * written together; the row's primary key makes a second writer's insert a no-op (ON CONFLICT),
 * so two servers running this at once, or one after a restart, write each reminder once.
 * Answers how many were written.
 */
export async function writeDueReminders(db: Db, rules: ReminderRules, now: Date): Promise<number> {
  const largest = Math.max(...rules.hours)
  // The clinic days a due booking can fall on, so that the date index finds them.
  const firstDay = clinicToday(rules.timeZone, now)
  const lastDay = addDays(clinicToday(rules.timeZone, new Date(now.getTime() + largest * HOUR_MS)), 1)
  const at = now.toISOString()
  const written = await queryRows<{ id: string }>(
    db,
    sql`
      WITH due AS (
        SELECT DISTINCT ON (b.id) b.id AS booking_id, h.hours
        FROM bookings b
        CROSS JOIN unnest(${`{${rules.hours.join(',')}}`}::int[]) AS h(hours)
        WHERE b.appointment_date BETWEEN ${firstDay}::date AND ${lastDay}::date
          AND b.status = 'booked' AND b.starts_at > ${at}::timestamptz
          AND b.starts_at - make_interval(hours => h.hours) <= ${at}::timestamptz
          AND b.starts_at - make_interval(hours => h.hours) >= coalesce(b.rescheduled_at, b.created_at)
        -- Also the order of the inserts: two servers' statements lock rows in one order, no deadlock.
        ORDER BY b.id, h.hours
      ), written AS (
        INSERT INTO booking_reminders (booking_id, hours_before, outbox_id)
        SELECT booking_id, hours, gen_random_uuid() FROM due
        ON CONFLICT DO NOTHING
        RETURNING booking_id, outbox_id
      )
      INSERT INTO outbox (id, kind, booking_id)
      SELECT outbox_id, 'booking_reminder', booking_id FROM written
      RETURNING id`,
  )
  return written.length
}

/** Every minute by default: reminders are due to the minute, and each run is one indexed statement. */
const EVERY_MS = 60_000
/** Reminders that fell due while the server was down (a deploy, a crash) go out as soon as it is back. */
const FIRST_AFTER_START_MS = 5_000

export function startReminderJob(deps: {
  db: Db
  rules: ReminderRules
  now: () => Date
  log: FastifyBaseLogger
  /** A test's own interval, for the first run too. */
  everyMs?: number
}): BackgroundJob {
  return startBackgroundJob(
    async () => {
      await writeDueReminders(deps.db, deps.rules, deps.now())
    },
    {
      name: 'reminder job',
      firstAfterMs: deps.everyMs ?? FIRST_AFTER_START_MS,
      everyMs: deps.everyMs ?? EVERY_MS,
      log: deps.log,
    },
  )
}
