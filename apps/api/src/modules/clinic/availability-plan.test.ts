import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { queryRows } from '../../db/client'
import { addBookingHistory } from '../../test/booking-history'
import { planOf } from '../../test/query-plan'
import { createTestDatabase } from '../../test/test-database'
import { findAvailability } from './repository'

// A date's availability is read again whenever a change clears its cached answer (decision 0016),
// so the query must not slow down as the years of bookings and waitlist holds pile up: the day's
// bookings are found by their date (bookings_date_idx, or bookings_slot_taken by treatment and
// date), and the holds through a partial index of live holds only, never among expired ones.
test("a day's taken slots are looked up by date in an index, and holds among the live ones only", async () => {
  const database = await createTestDatabase()
  try {
    await addBookingHistory(database.db, 60, 50)
    const [nextWeek] = await queryRows<{ day: string }>(
      database.db,
      sql`SELECT (current_date + 7)::text AS day`,
    )
    if (!nextWeek) throw new Error('the database answered no current_date')
    const plan = await planOf(database.db, (db) =>
      findAvailability(db, nextWeek.day, 'Asia/Dhaka', new Date()),
    )
    // Not bookings_one_per_treatment_day: PostgreSQL 18 can skip-scan it, one descent per patient.
    expect(plan).toMatch(
      /(using|Bitmap Index Scan on) (bookings_date_idx|bookings_slot_taken) .*\n\s+Index Cond: \(.*appointment_date = /,
    )
    expect(plan).toMatch(/(using|Bitmap Index Scan on) waitlist_one_live_hold_per_(slot|entry) /)
  } finally {
    await database.close()
  }
})
