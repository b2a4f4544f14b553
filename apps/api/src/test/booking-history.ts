import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client'

/**
 * A clinic's past: `days` days before today of `perDay` attended bookings (at most the demo
 * clinic's 6 treatments × 20 slots) by `perDay` patients, each once a day; then the planner's
 * statistics, so that a test's EXPLAIN shows the plan of a clinic with a history, not of empty
 * tables. Loaded as a restored history arrives, with triggers off: no mail for each booking.
 * Answers the patients' ids.
 */
export async function addBookingHistory(db: Db, days: number, perDay: number): Promise<string[]> {
  const batch = `history-${randomUUID()}`
  const patients = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`)
    const added = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO users (email, name)
        SELECT ${batch} || '-' || n || '@example.test', 'History Patient ' || n
        FROM generate_series(0, ${perDay}::int - 1) n RETURNING id`,
    )
    await tx.execute(sql`
      WITH t AS (SELECT id, name, price_tk, row_number() OVER (ORDER BY position, id) - 1 AS i
          FROM treatments WHERE retired_at IS NULL),
        s AS (SELECT id, treatment_id, starts_at, duration_minutes,
            row_number() OVER (PARTITION BY treatment_id ORDER BY starts_at) - 1 AS i
          FROM treatment_slots WHERE retired_at IS NULL),
        p AS (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS i
          FROM users WHERE email LIKE ${`${batch}-%`}),
        booked AS (SELECT current_date - d AS day, n FROM generate_series(1, ${days}::int) d,
          generate_series(0, ${perDay}::int - 1) n)
      INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
        treatment_name, slot_label, price_tk, patient_name, phone, attendance)
      SELECT p.id, t.id, s.id, b.day, b.day + s.starts_at,
        b.day + s.starts_at + make_interval(mins => s.duration_minutes), t.name,
        to_char(s.starts_at, 'HH12:MI AM'), t.price_tk, p.name, '+8801700000000', 'attended'
      FROM booked b JOIN p ON p.i = b.n
      JOIN t ON t.i = b.n % (SELECT count(*) FROM t)
      JOIN s ON s.treatment_id = t.id AND s.i = b.n / (SELECT count(*) FROM t)`)
    return added.map((row) => row.id)
  })
  await db.execute(sql`ANALYZE`)
  return patients
}
