import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { queryRows } from '../../db/client'
import { addBookingHistory } from '../../test/booking-history'
import { planOf } from '../../test/query-plan'
import { createTestDatabase } from '../../test/test-database'
import { agendaOf } from './repository'

// Which index serves it is the planner's call: PostgreSQL 15 scans bookings_date_idx for a
// bitmap, while PostgreSQL 18 (PGlite) may skip-scan bookings_slot_taken, one descent per
// treatment. Either way the day's rows are found by their date, which a clinic's growth relies on.
test("a day's agenda is looked up by its date in an index, not found among every booking", async () => {
  const database = await createTestDatabase()
  try {
    await addBookingHistory(database.db, 60, 50)
    const [yesterday] = await queryRows<{ day: string }>(
      database.db,
      sql`SELECT (current_date - 1)::text AS day`,
    )
    if (!yesterday) throw new Error('the database answered no current_date')
    const plan = await planOf(database.db, (db) => agendaOf(db, yesterday.day))
    expect(plan).toMatch(/ on bookings b {2}\(.*\)\n\s+(Index|Recheck) Cond: \(appointment_date = /)
  } finally {
    await database.close()
  }
})
