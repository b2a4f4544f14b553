import { addDays, requestJson } from '../lib/http-json.mjs'
import { AS_A_BROWSER, compare, load } from '../lib/load.mjs'
import { inStoppedServerDatabase } from '../lib/stopped-database.mjs'

const EXTRA_TREATMENTS = ['Dental Implants', 'Root Canal', 'Teeth Whitening', 'Gum Care']

/**
 * Makes the appOptions data set of ARCHITECTURE section 6 in a stopped server's database (its
 * PGlite `dataDir` or a PostgreSQL `databaseUrl`): 10 treatments (the 6 demo ones and 4 more with
 * the same day of slots) and 100 bookings by 100 patients on the clinic day 14 days ahead.
 */
export async function prepareAppOptionsData(database, timeZone = 'Asia/Dhaka') {
  await inStoppedServerDatabase(database, async (tx) => {
    for (const [i, name] of EXTRA_TREATMENTS.entries()) {
      await tx.query(
        `INSERT INTO treatments (name, price_tk, position) VALUES ($1, $2, $3)
           ON CONFLICT (name) WHERE retired_at IS NULL DO NOTHING`,
        [name, 900 + i * 100, 10 + i],
      )
      await tx.query(
        `INSERT INTO treatment_slots (treatment_id, starts_at, duration_minutes)
           SELECT (SELECT id FROM treatments WHERE name = $1), starts_at, duration_minutes
           FROM treatment_slots WHERE treatment_id = (SELECT id FROM treatments ORDER BY position LIMIT 1)
           ON CONFLICT DO NOTHING`,
        [name],
      )
    }
    await tx.query(
      `WITH day AS (SELECT ((now() AT TIME ZONE $1)::date + 14) AS d),
          picked AS (
            SELECT t.id AS treatment_id, t.name, t.price_tk, s.id AS slot_id, s.starts_at, s.duration_minutes,
              row_number() OVER () AS n
            FROM (SELECT * FROM treatments ORDER BY position LIMIT 10) t
            CROSS JOIN LATERAL (SELECT * FROM treatment_slots WHERE treatment_id = t.id ORDER BY starts_at LIMIT 10) s),
          patients AS (
            INSERT INTO users (email, name)
            SELECT 'options-bench-' || n || '@example.test', 'Options Bench ' || n FROM picked
            RETURNING id, name, email)
        INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
          treatment_name, slot_label, price_tk, patient_name, phone)
        SELECT p.id, k.treatment_id, k.slot_id, day.d, (day.d + k.starts_at) AT TIME ZONE $1,
          (day.d + k.starts_at) AT TIME ZONE $1 + make_interval(mins => k.duration_minutes),
          k.name, to_char(k.starts_at, 'HH12:MI AM') || ' - ' || to_char(k.starts_at + make_interval(mins => k.duration_minutes), 'HH12:MI AM'), k.price_tk, p.name, '01700000000'
        FROM picked k JOIN patients p ON p.email = 'options-bench-' || k.n || '@example.test' CROSS JOIN day`,
      [timeZone],
    )
  })
}

/** GET /api/appOptions for that day against the bare node:http server (budget ≥ 60%, p99 ≤ 25 ms). */
export async function appOptionsScenario({ portal, label, bare, rounds, duration }) {
  const calendar = await requestJson(`${portal.url}/api/clinicCalendar`)
  const url = `${portal.url}/api/appOptions?date=${addDays(calendar.body.today, 14)}`
  const options = await requestJson(url)
  const treatments = options.body.options.length
  const booked = options.body.options.reduce((n, option) => n + (20 - option.slots.length), 0)
  await load({ url, headers: AS_A_BROWSER, duration: 1 })
  const { a, b } = await compare(
    rounds,
    () => load({ url, headers: AS_A_BROWSER, duration }),
    () => load({ url: bare.url, duration }),
  )
  return [
    {
      name: `GET /api/appOptions on ${label} (${treatments} treatments, ${booked} booked slots, gzip accepted)`,
      rps: a.rps,
      p99: a.p99,
      errors: a.errors,
      ratio: a.rps / b.rps,
      budget: 0.6,
      p99Max: 25,
      bare: b,
    },
  ]
}
