import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** Half-hour slots from 08:00, as the demo clinic's day (seed.ts): 20 per treatment. */
const SLOTS_PER_TREATMENT = 20

export interface AgendaDay {
  date: string
  timeZone: string
  /** How many bookings to make, each by a patient of its own. */
  count: number
}

/**
 * A busy day for tests and the benchmark (docs/architecture.md section 6: the agenda of a day with
 * 200 bookings): `count` bookings on `date`, spread over treatments of their own with 20 slots
 * each, so they take no slot another test books. Written straight into the database, as the
 * bench prepares its data; the database's own rules and triggers still apply. Answers the tag in
 * the new treatments' and patients' names ('Agenda <tag> 1', 'agenda-<tag>-1@example.test').
 */
export async function seedAgendaDay(db: Db, day: AgendaDay): Promise<string> {
  const tag = randomBytes(4).toString('hex')
  const treatmentName = sql`'Agenda ' || ${tag}::text || ' ' || g`
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO treatments (name, price_tk, position)
      SELECT ${treatmentName}, 500 + 100 * g, 100 + g
      FROM generate_series(1, ceil(${day.count}::int / ${SLOTS_PER_TREATMENT}::numeric)::int) g`)
    await tx.execute(sql`
      INSERT INTO treatment_slots (treatment_id, starts_at, duration_minutes)
      SELECT t.id, time '08:00' + make_interval(mins => 30 * s), 30
      FROM treatments t CROSS JOIN generate_series(0, ${SLOTS_PER_TREATMENT - 1}::int) s
      WHERE t.name LIKE 'Agenda ' || ${tag}::text || ' %'`)
    await tx.execute(sql`
      WITH picked AS (
        SELECT t.id AS treatment_id, t.name, t.price_tk, s.id AS slot_id, s.starts_at, s.duration_minutes,
          row_number() OVER (ORDER BY s.starts_at, t.name) AS n
        FROM treatments t JOIN treatment_slots s ON s.treatment_id = t.id
        WHERE t.name LIKE 'Agenda ' || ${tag}::text || ' %'
        ORDER BY n LIMIT ${day.count}::int),
      patients AS (
        INSERT INTO users (email, name)
        SELECT 'agenda-' || ${tag}::text || '-' || n || '@example.test', 'Agenda Patient ' || n FROM picked
        RETURNING id, email)
      INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
        treatment_name, slot_label, price_tk, patient_name, phone, paid)
      SELECT p.id, k.treatment_id, k.slot_id, ${day.date}::date,
        (${day.date}::date + k.starts_at) AT TIME ZONE ${day.timeZone}::text,
        (${day.date}::date + k.starts_at + make_interval(mins => k.duration_minutes)) AT TIME ZONE ${day.timeZone}::text,
        k.name, to_char(k.starts_at, 'HH12:MI AM') || ' - '
          || to_char(k.starts_at + make_interval(mins => k.duration_minutes), 'HH12:MI AM'),
        k.price_tk, 'Agenda Patient ' || k.n, '01700 ' || lpad(k.n::text, 6, '0'), k.n % 3 = 0
      FROM picked k JOIN patients p ON p.email = 'agenda-' || ${tag}::text || '-' || k.n || '@example.test'`)
  })
  return tag
}
