import { readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from './servers.mjs'
import { inStoppedServerDatabase, onStoppedServerDatabase } from './stopped-database.mjs'

/** The patient whose My Appointment lists 200 bookings; the bench signs in as them. */
export const BUSY_PATIENT = { email: 'scale-busy-patient@example.test', password: 'Scale#2026patient' }
export const BUSY_PATIENT_NAME = 'Busy Scale Patient'
/** Booked appointments on every day of the data, past and upcoming: the agenda's 200-booking day. */
export const BOOKINGS_A_DAY = 200
/** Upcoming days with bookings, from the day after tomorrow: no reminder falls due while the bench runs. */
const UPCOMING_DAYS = 58
const FIRST_NAMES = ['Farhana', 'Nusrat', 'Tahmina', 'Sadia', 'Mitu', 'Rumana', 'Shirin', 'Ayesha']
const LAST_NAMES = ['Akter', 'Islam', 'Chowdhury', 'Hossain', 'Rahman', 'Begum', 'Khan', 'Sarkar']

/**
 * The data set of `npm run bench -- --scale N` (docs/architecture.md section 6, growth): with
 * N = 100, on PGlite 10,000 patients and 100,000 bookings, on PostgreSQL 100,000 and 1,000,000;
 * 100 treatments; an audit entry for every booking.
 */
export function scaleSizes(scale, kind) {
  const factor = kind === 'postgres' ? 1_000 : 100
  const patients = Math.max(2 * BOOKINGS_A_DAY, factor * scale)
  const bookings = Math.max(BOOKINGS_A_DAY * 4, 10 * factor * scale)
  return {
    patients,
    bookings,
    auditEntries: bookings,
    treatments: Math.max(10, scale),
    days: Math.ceil(bookings / BOOKINGS_A_DAY),
    // At most MAX_UPCOMING_BOOKINGS' default (4) upcoming bookings for any patient.
    upcomingDays: Math.min(UPCOMING_DAYS, Math.floor((patients * 2) / BOOKINGS_A_DAY)),
  }
}

/** What the data was made for: the schema (the latest migration) and the clinic's today it is dated from. */
export function scaleDataKey(scale, today) {
  const journal = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/drizzle/meta/_journal.json'), 'utf8'))
  const tag = journal.entries
    .at(-1)
    .tag.toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30)
  return `${scale}_${tag}_${today.replaceAll('-', '')}`
}

/**
 * Fills a stopped server's database, which holds the demo clinic and BUSY_PATIENT, in set-based
 * statements. Triggers are off while it loads (session_replication_role): a clinic's history
 * arrives without a confirmation mail or a cache announcement for each of its bookings.
 */
export async function fillScaleData(database, sizes, timeZone = 'Asia/Dhaka') {
  await inStoppedServerDatabase(database, async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica')
    await tx.query(ADD_TREATMENTS, [sizes.treatments])
    await tx.query(ADD_PATIENTS, [sizes.patients, FIRST_NAMES, LAST_NAMES])
    await tx.query(ADD_BOOKINGS, [
      timeZone,
      sizes.bookings,
      sizes.days,
      sizes.upcomingDays,
      sizes.patients,
      BUSY_PATIENT.email,
      BOOKINGS_A_DAY,
    ])
    await tx.query(ADD_AUDIT_ENTRIES, [sizes.auditEntries, sizes.patients])
  })
  // The visibility map and planner statistics, as autovacuum (PostgreSQL) or the server's own
  // ANALYZE job (PGlite) would leave them after a while.
  await onStoppedServerDatabase(database, (client) => client.query('VACUUM ANALYZE'))
}

/** The demo treatments and more with the same day of slots, up to $1 in all. */
const ADD_TREATMENTS = `
  WITH added AS (
    INSERT INTO treatments (name, price_tk, position)
    SELECT 'Scale Treatment ' || n, 500 + 10 * n, 100 + n
    FROM generate_series(1, $1::int - (SELECT count(*) FROM treatments)::int) n
    RETURNING id)
  INSERT INTO treatment_slots (treatment_id, starts_at, duration_minutes)
  SELECT added.id, s.starts_at, s.duration_minutes FROM added CROSS JOIN treatment_slots s
  WHERE s.treatment_id = (SELECT id FROM treatments ORDER BY position LIMIT 1)`

/** $1 patients, registered one a minute up to now, named from two lists. */
const ADD_PATIENTS = `
  INSERT INTO users (email, name, created_at)
  SELECT lower(f.name || '.' || l.name) || n || '@scale.test', f.name || ' ' || l.name,
    now() - make_interval(mins => $1::int - n)
  FROM generate_series(1, $1::int) n
  CROSS JOIN LATERAL (SELECT ($2::text[])[1 + n % cardinality($2::text[])] AS name) f
  CROSS JOIN LATERAL (SELECT ($3::text[])[1 + (n / cardinality($2::text[])) % cardinality($3::text[])] AS name) l`

/**
 * $2 bookings, $7 a day over $3 days ending $4 days after tomorrow, spread over the treatments'
 * slots. Booking k is patient k mod $5's: their bookings fall on days far apart, never two a day.
 * The busy patient ($6) takes the first booking of the 200 days around today instead: two of
 * them upcoming. Past ones are marked attended.
 */
const ADD_BOOKINGS = `
  WITH t AS (SELECT id, name, price_tk, row_number() OVER (ORDER BY position, id) - 1 AS i
      FROM treatments WHERE retired_at IS NULL),
    s AS (SELECT id, treatment_id, starts_at, duration_minutes,
        row_number() OVER (PARTITION BY treatment_id ORDER BY starts_at) - 1 AS i
      FROM treatment_slots WHERE retired_at IS NULL),
    p AS (SELECT id, name, row_number() OVER (ORDER BY created_at, id) - 1 AS i
      FROM users WHERE email LIKE '%@scale.test'),
    busy AS (SELECT id, name FROM users WHERE email = $6),
    today AS (SELECT (now() AT TIME ZONE $1)::date AS d),
    k AS (SELECT k, k / $7::int AS j, k % $7::int AS pos, $3::int - $4::int AS first_upcoming
      FROM generate_series(0, $2::int - 1) k),
    booked AS (
      SELECT k.*, CASE WHEN j < first_upcoming THEN today.d - (first_upcoming - j)
          ELSE today.d + 2 + (j - first_upcoming) END AS day,
        pos = 0 AND j BETWEEN first_upcoming - 198 AND first_upcoming + 1 AS busy
      FROM k CROSS JOIN today)
  INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
    treatment_name, slot_label, price_tk, patient_name, phone, attendance, attendance_marked_at, created_at)
  SELECT CASE WHEN b.busy THEN busy.id ELSE p.id END, t.id, s.id, b.day,
    (b.day + s.starts_at) AT TIME ZONE $1,
    (b.day + s.starts_at) AT TIME ZONE $1 + make_interval(mins => s.duration_minutes),
    t.name, to_char(s.starts_at, 'HH12:MI AM') || ' - '
      || to_char(s.starts_at + make_interval(mins => s.duration_minutes), 'HH12:MI AM'),
    t.price_tk, CASE WHEN b.busy THEN busy.name ELSE p.name END, '+8801700000000',
    CASE WHEN b.j < b.first_upcoming THEN 'attended' END,
    CASE WHEN b.j < b.first_upcoming THEN (b.day + s.starts_at) AT TIME ZONE $1 END,
    least(now(), (b.day + s.starts_at) AT TIME ZONE $1 - interval '7 days')
  FROM booked b
  JOIN t ON t.i = b.pos % (SELECT count(*) FROM t)
  JOIN s ON s.treatment_id = t.id AND s.i = b.pos / (SELECT count(*) FROM t)
  JOIN p ON p.i = b.k % $5::int
  CROSS JOIN busy`

/**
 * $1 sign-ins over the last 300 days, by the patients in turn: within AUDIT_RETENTION_DAYS'
 * default, or the retention job would spend the bench deleting them.
 */
const ADD_AUDIT_ENTRIES = `
  WITH p AS (SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS i
    FROM users WHERE email LIKE '%@scale.test')
  INSERT INTO audit_log (at, event, user_id, actor_id, address, detail)
  SELECT now() - interval '300 days' * n / $1::int, 'login_succeeded', p.id, p.id,
    ('203.0.113.' || (n % 250 + 1))::inet, '{}'::jsonb
  FROM generate_series(1, $1::int) n JOIN p ON p.i = n % $2::int`
