import { existsSync } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { requestJson } from '../lib/http-json.mjs'
import { AS_A_BROWSER, compare, load } from '../lib/load.mjs'
import { openDay } from '../lib/portal-client.mjs'
import { withCachedPostgresDatabase } from '../lib/postgres.mjs'
import { median } from '../lib/rounds.mjs'
import {
  BOOKINGS_A_DAY,
  BUSY_PATIENT,
  BUSY_PATIENT_NAME,
  fillScaleData,
  scaleDataKey,
  scaleSizes,
} from '../lib/scale-data.mjs'
import { newDataDir, settleAfterStart, startPortal } from '../lib/servers.mjs'
import { BENCH_ADMIN, bearerToken } from './admin.mjs'

const ADMIN_ENV = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password }
/** A fixed secret: the cached PostgreSQL data keeps its sessions' signatures valid from run to run. */
const SESSION_SECRET = 'bench-scale-session-secret-0123456789abcdef'
const RESTARTS = 3

/**
 * `npm run bench -- --scale N`: the growth budgets on a data set built once per schema and day
 * (PGlite under the system's temporary folder, PostgreSQL as a database of its own) and reused.
 */
export async function scaleScenario({ scale, databases, bare, rounds, duration }) {
  const rows = []
  if (databases.includes('pglite')) rows.push(...(await onPglite(scale, { bare, rounds, duration })))
  if (databases.includes('postgres')) {
    const key = scaleDataKey(scale, clinicToday())
    rows.push(
      ...(await withCachedPostgresDatabase(
        `portal_scale_${key}`,
        (databaseUrl) => build({ databaseUrl }, { kind: 'postgres', scale }),
        (databaseUrl) => measure({ databaseUrl }, 'PostgreSQL', { bare, rounds, duration }),
      )),
    )
  }
  return rows
}

async function onPglite(scale, options) {
  const kept = `portal-scale-${scaleDataKey(scale, clinicToday())}`
  const dataDir = path.join(tmpdir(), kept)
  const ready = path.join(dataDir, 'scale-data-ready')
  if (!existsSync(ready)) {
    // A data set of another schema or day, or one whose making was cut short.
    for (const name of await readdir(tmpdir())) {
      if (name.startsWith(`portal-scale-${scale}_`))
        await rm(path.join(tmpdir(), name), { recursive: true, force: true })
    }
    await mkdir(dataDir)
    await build({ dataDir }, { kind: 'pglite', scale })
    await writeFile(ready, new Date().toISOString())
  }
  // Each run's access log would pile up in the kept directory.
  await rm(path.join(dataDir, 'server.log'), { force: true })
  return measure({ dataDir }, 'PGlite', options)
}

/** A first start (migrations, demo clinic, admin), the busy patient registered, then the bulk data. */
async function build(database, { kind, scale }) {
  const sizes = scaleSizes(scale, kind)
  const startedAt = performance.now()
  console.log(`Building the ${kind} data set of --scale ${scale}: ${JSON.stringify(sizes)}`)
  const server = await startPortal({
    dataDir: database.dataDir ?? (await newDataDir()),
    env: envOf(database),
  })
  try {
    const registered = await requestJson(`${server.url}/api/auth/register`, {
      method: 'POST',
      body: { name: BUSY_PATIENT_NAME, ...BUSY_PATIENT },
    })
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`)
  } finally {
    await server.stop()
  }
  await fillScaleData(database, sizes)
  console.log(`Built in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`)
}

async function measure(database, label, { bare, rounds, duration }) {
  const dataDir = database.dataDir ?? (await newDataDir())
  const env = envOf(database)
  const starts = []
  for (let i = 0; i < RESTARTS - 1; i++) {
    const server = await startPortal({ dataDir, env })
    starts.push(server.startMs)
    await server.stop()
  }
  const portal = await startPortal({ dataDir, env })
  starts.push(portal.startMs)
  await settleAfterStart(portal)
  try {
    const rows = await measureRoutes(portal, label, { bare, rounds, duration })
    rows.push({
      name: `${label}: start on the existing data (ms, median of ${RESTARTS})`,
      value: median(starts),
      max: 1_500,
    })
    return rows
  } finally {
    await portal.stop()
  }
}

async function measureRoutes(portal, label, { bare, rounds, duration }) {
  const admin = { authorization: `Bearer ${await bearerToken(portal.url)}` }
  const patient = { authorization: `Bearer ${await bearerToken(portal.url, BUSY_PATIENT)}` }
  const calendar = (await requestJson(`${portal.url}/api/clinicCalendar`)).body
  const [optionsDay, agendaDay] = openDays(calendar, 14, 2)
  const rows = await appOptionsRows(portal, label, optionsDay, { bare, rounds, duration })
  const mine = await requestJson(`${portal.url}/api/bookings?email=${BUSY_PATIENT.email}`, {
    headers: patient,
  })
  const agenda = await requestJson(`${portal.url}/api/agenda?date=${agendaDay}`, { headers: admin })
  for (const [name, url, headers, max] of [
    [
      `My Appointment, ${mine.body?.bookings?.length} bookings`,
      `/api/bookings?email=${BUSY_PATIENT.email}`,
      patient,
      25,
    ],
    ['users search, a fragment of one address', '/api/users?q=hury1234%40', admin, 50],
    ['users search, a fragment of many names', '/api/users?q=chowdh', admin, 50],
    [
      `agenda, a day of ${agenda.body?.bookings?.length} bookings`,
      `/api/agenda?date=${agendaDay}`,
      admin,
      25,
    ],
    ['audit log, the first page', '/api/audit', admin, 25],
  ]) {
    await load({ url: `${portal.url}${url}`, headers, duration: 1 })
    const run = await load({ url: `${portal.url}${url}`, headers, duration })
    rows.push({
      name: `${label}: ${name}`,
      value: run.p99,
      max,
      unit: 'p99 ms',
      detail: `${run.rps.toFixed(0)} req/s, ${run.errors} errors`,
      pass: run.errors === 0,
    })
  }
  return rows
}

/** GET /api/appOptions of a day with 200 bookings as a browser asks, against the bare node:http server. */
async function appOptionsRows(portal, label, day, { bare, rounds, duration }) {
  const url = `${portal.url}/api/appOptions?date=${day}`
  const { options } = (await requestJson(url)).body
  const free = options.reduce((n, option) => n + option.slots.length, 0)
  await load({ url, headers: AS_A_BROWSER, duration: 1 })
  const { a, b } = await compare(
    rounds,
    () => load({ url, headers: AS_A_BROWSER, duration }),
    () => load({ url: bare.url, duration }),
  )
  const plain = await load({ url, duration })
  const what = `${options.length} treatments, ${free} free slots, ${BOOKINGS_A_DAY} booked`
  return [
    {
      name: `${label}: GET /api/appOptions (${what}, gzip accepted)`,
      rps: a.rps,
      p99: a.p99,
      errors: a.errors,
      ratio: a.rps / b.rps,
      budget: 0.4,
      p99Max: 25,
      bare: b,
    },
    {
      // A client that takes no gzip gets the whole body, as bytes built once: its rate is bound by
      // the body's size, which a bare server answering a few bytes never pays.
      name: `${label}: the same, uncompressed (reference: a client that takes no gzip)`,
      value: plain.p99,
      unit: 'p99 ms',
      detail: `${plain.rps.toFixed(0)} req/s, ${plain.errors} errors`,
      pass: plain.errors === 0,
    },
  ]
}

/** The first `count` open days from `offset` days after today. */
function openDays(calendar, offset, count) {
  const days = []
  for (let n = offset; days.length < count; n++) {
    const day = openDay(calendar, n)
    if (day) days.push(day)
  }
  return days
}

const envOf = ({ databaseUrl }) => ({
  ...ADMIN_ENV,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET } : {}),
})

/** The clinic's today (Asia/Dhaka, the servers' default): the data's dates count from it. */
const clinicToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' })
