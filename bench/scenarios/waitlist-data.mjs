import { inStoppedServerDatabase } from '../lib/stopped-database.mjs'

const WAITING = 1000
const HOLDS = 3
/** The appOptions day and the first race's day, as their scenarios pick them. */
const DAYS_AHEAD = [14, 21]

/**
 * Waitlists in the data (decision 0036), so that appOptions and the booking race run beside them:
 * on each of DAYS_AHEAD the clinic's last treatment is full, 1,000 patients wait for it, and
 * HOLDS of its slots, freed by cancellations, are held for the first in line. The race picks the
 * first treatment with free slots, never this one; each booking in it wakes the offer job.
 */
export async function prepareWaitlistData(database, timeZone = 'Asia/Dhaka') {
  await inStoppedServerDatabase(database, async (tx) => {
    for (const daysAhead of DAYS_AHEAD) {
      const prefix = `waitlist-bench-${daysAhead}`
      const params = [timeZone, daysAhead, prefix]
      const scope = `WITH day AS (SELECT ((now() AT TIME ZONE $1)::date + $2::int) AS d),
        t AS (SELECT id, name, price_tk FROM treatments WHERE retired_at IS NULL ORDER BY position DESC LIMIT 1)`
      await tx.query(
        `${scope},
          free AS (
            SELECT s.id AS slot_id, s.starts_at, s.duration_minutes, row_number() OVER (ORDER BY s.starts_at) AS n
            FROM treatment_slots s CROSS JOIN t CROSS JOIN day
            WHERE s.treatment_id = t.id AND s.retired_at IS NULL AND NOT EXISTS (
              SELECT 1 FROM bookings b WHERE b.treatment_id = t.id AND b.slot_id = s.id
                AND b.appointment_date = day.d AND b.status = 'booked')),
          patients AS (
            INSERT INTO users (email, name)
            SELECT $3::text || '-full-' || n || '@example.test', 'Full Day ' || n FROM free
            RETURNING id, name, email)
        INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
          treatment_name, slot_label, price_tk, patient_name, phone)
        SELECT p.id, t.id, f.slot_id, day.d, (day.d + f.starts_at) AT TIME ZONE $1,
          (day.d + f.starts_at) AT TIME ZONE $1 + make_interval(mins => f.duration_minutes),
          t.name, to_char(f.starts_at, 'HH12:MI AM') || ' - ' || to_char(f.starts_at + make_interval(mins => f.duration_minutes), 'HH12:MI AM'),
          t.price_tk, p.name, '01700000000'
        FROM free f JOIN patients p ON p.email = $3::text || '-full-' || f.n || '@example.test' CROSS JOIN t CROSS JOIN day`,
        params,
      )
      await tx.query(
        `${scope},
          patients AS (
            INSERT INTO users (email, name)
            SELECT $3::text || '-waiting-' || n || '@example.test', 'Waiting ' || n FROM generate_series(1, $4::int) n
            RETURNING id)
        INSERT INTO waitlist_entries (user_id, treatment_id, appointment_date, phone)
        SELECT p.id, t.id, day.d, '01700000000' FROM patients p CROSS JOIN t CROSS JOIN day`,
        [...params, WAITING],
      )
      await tx.query(
        `${scope},
          freed AS (
            UPDATE bookings b SET status = 'cancelled', cancelled_at = now()
            WHERE b.id IN (SELECT b2.id FROM bookings b2 CROSS JOIN t CROSS JOIN day
              WHERE b2.treatment_id = t.id AND b2.appointment_date = day.d AND b2.status = 'booked'
              ORDER BY b2.starts_at DESC LIMIT $3)
            RETURNING b.slot_id),
          numbered AS (SELECT slot_id, row_number() OVER (ORDER BY slot_id) AS n FROM freed),
          first_in_line AS (
            SELECT w.id, w.user_id, row_number() OVER (ORDER BY w.position) AS n
            FROM waitlist_entries w CROSS JOIN t CROSS JOIN day
            WHERE w.treatment_id = t.id AND w.appointment_date = day.d ORDER BY w.position LIMIT $3)
        INSERT INTO waitlist_offers (entry_id, user_id, treatment_id, appointment_date, slot_id, offered_at, expires_at)
        SELECT e.id, e.user_id, t.id, day.d, f.slot_id, now(), now() + interval '1 day'
        FROM numbered f JOIN first_in_line e ON e.n = f.n CROSS JOIN t CROSS JOIN day`,
        [timeZone, daysAhead, HOLDS],
      )
    }
  })
}
