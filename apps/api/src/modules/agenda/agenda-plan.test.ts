import { expect, test } from 'vitest'
import { addBookingHistory } from '../../test/booking-history'
import { planOf } from '../../test/query-plan'
import { createTestDatabase } from '../../test/test-database'
import { agendaOf } from './repository'

test("a day's agenda is looked up in bookings_date_idx, not found among every booking", async () => {
  const database = await createTestDatabase()
  try {
    await addBookingHistory(database.db, 60, 50)
    expect(await planOf(database.db, (db) => agendaOf(db, '2026-12-01'))).toContain('bookings_date_idx')
  } finally {
    await database.close()
  }
})
