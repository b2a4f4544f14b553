import { request } from 'node:http'
import sharp from 'sharp'
import { addDays, requestJson } from '../lib/http-json.mjs'
import { load } from '../lib/load.mjs'
import { median } from '../lib/rounds.mjs'
import { inStoppedServerDatabase } from '../lib/stopped-database.mjs'

/** The admin the bench servers create at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.test', password: 'Bench#2026admin' }
const USERS = 10_000
const AGENDA_DAY_OFFSET = 15
const UPLOADS = 10

/**
 * The admin data set of ARCHITECTURE section 6, in a stopped server's database: 10,000
 * accounts, and 200 bookings (10 treatments × 20 slots) on the clinic day 15 days ahead.
 * Runs after prepareAppOptionsData, which adds the 4 treatments beyond the 6 demo ones.
 */
export async function prepareAdminData(database, timeZone = 'Asia/Dhaka') {
  await inStoppedServerDatabase(database, async (tx) => {
    await tx.query(
      `INSERT INTO users (email, name)
       SELECT 'admin-bench-' || n || '@example.test', 'Admin Bench Patient ' || n FROM generate_series(1, $1) n`,
      [USERS],
    )
    await tx.query(
      `WITH day AS (SELECT ((now() AT TIME ZONE $1)::date + $2::int) AS d),
          picked AS (
            SELECT t.id AS treatment_id, t.name, t.price_tk, s.id AS slot_id, s.starts_at, s.duration_minutes,
              row_number() OVER () AS n
            FROM (SELECT * FROM treatments ORDER BY position LIMIT 10) t
            CROSS JOIN LATERAL (SELECT * FROM treatment_slots WHERE treatment_id = t.id ORDER BY starts_at LIMIT 20) s),
          patients AS (SELECT id, name, row_number() OVER (ORDER BY email) AS n FROM users
            WHERE email LIKE 'admin-bench-%')
        INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
          treatment_name, slot_label, price_tk, patient_name, phone)
        SELECT p.id, k.treatment_id, k.slot_id, day.d, (day.d + k.starts_at) AT TIME ZONE $1,
          (day.d + k.starts_at) AT TIME ZONE $1 + make_interval(mins => k.duration_minutes),
          k.name, to_char(k.starts_at, 'HH12:MI AM') || ' - ' || to_char(k.starts_at + make_interval(mins => k.duration_minutes), 'HH12:MI AM'),
          k.price_tk, p.name, '01700000000'
        FROM picked k JOIN patients p ON p.n = k.n CROSS JOIN day`,
      [timeZone, AGENDA_DAY_OFFSET],
    )
  })
}

/**
 * The admin budgets: a page of 50 users among 10,000 and the agenda of a 200-booking day, each
 * p99 ≤ 25 ms at 10 connections; a 2 MB JPEG upload re-encoded in ≤ 300 ms (median of 10).
 */
export async function adminScenario({ portal, duration }) {
  const headers = { authorization: `Bearer ${await bearerToken(portal.url)}` }
  const calendar = await requestJson(`${portal.url}/api/clinicCalendar`)
  const day = addDays(calendar.body.today, AGENDA_DAY_OFFSET)
  const users = await requestJson(`${portal.url}/api/users`, { headers })
  const agenda = await requestJson(`${portal.url}/api/agenda?date=${day}`, { headers })
  const rows = []
  for (const [name, url] of [
    [`GET /api/users, one page (${users.body?.users?.length} of 10,000+ users)`, '/api/users'],
    [`GET /api/agenda, a day of ${agenda.body?.bookings?.length} bookings`, `/api/agenda?date=${day}`],
  ]) {
    await load({ url: `${portal.url}${url}`, headers, duration: 1 })
    const run = await load({ url: `${portal.url}${url}`, headers, duration })
    rows.push({
      name,
      value: run.p99,
      max: 25,
      unit: 'p99 ms',
      detail: `${run.rps.toFixed(0)} req/s, ${run.errors} errors`,
      pass: run.errors === 0,
    })
  }
  rows.push(await uploadRow(portal.url, headers))
  return rows
}

async function uploadRow(url, headers) {
  const jpeg = await noiseJpeg(2 * 1024 * 1024)
  const times = []
  const failures = []
  for (let i = 0; i < UPLOADS; i++) {
    const startedAt = performance.now()
    const status = await uploadImage(`${url}/api/images`, headers, jpeg)
    times.push(performance.now() - startedAt)
    if (status !== 200 && status !== 201) failures.push(status)
  }
  return {
    name: `POST /api/images, a ${(jpeg.length / 1024 / 1024).toFixed(1)} MB JPEG re-encoded (median of ${UPLOADS})`,
    value: median(times),
    max: 300,
    unit: 'median ms',
    detail: `${UPLOADS - failures.length} stored${failures.length ? `, refused: ${failures.join(', ')}` : ''}`,
    pass: failures.length === 0,
  }
}

/** A photo-like JPEG of about `bytes`: random noise does not compress, so its size is its detail. */
async function noiseJpeg(bytes) {
  const side = Math.round(Math.sqrt(bytes / 0.63))
  const noise = Buffer.alloc(side * side * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256)
  return sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

function uploadImage(url, headers, jpeg) {
  const boundary = `bench${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** An access token of `account` (the bench's admin by default), signed in as the web app does. */
export async function bearerToken(url, account = BENCH_ADMIN) {
  const login = await requestJson(`${url}/api/auth/login`, { method: 'POST', body: account })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`)
  const cookie = String(login.headers['set-cookie']).split(';')[0]
  const jwt = await requestJson(`${url}/api/jwt?email=${encodeURIComponent(account.email)}`, {
    headers: { cookie },
  })
  if (jwt.status !== 200) throw new Error(`token: ${jwt.status}`)
  return jwt.body.token
}
