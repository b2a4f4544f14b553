import {
  bookFreeSlot,
  callAs,
  cancelBooking,
  clinicCalendar,
  closeSession,
  openDay,
  payBooking,
  signIn,
  signUp,
} from './portal-client.mjs'
import { median } from './rounds.mjs'

/** Days ahead that patients book: from two days on, so that a paid booking is always refundable. */
const FIRST_DAY = 2
const LAST_DAY = 15
/** The clinic's limit on active upcoming bookings per patient (MAX_UPCOMING_BOOKINGS' default). */
const UPCOMING = 4
/**
 * Below the server's per-minute limits (20 bookings and 30 payment calls per account, 30 card
 * confirmations per address), as people are: a 429 in the soak is then a defect, not the mix.
 */
const PER_MINUTE = { book: 15, pay: 12 }
const PATIENT_MIX = [
  ['browse', 50],
  ['myBookings', 10],
  ['book', 20],
  ['pay', 10],
  ['cancel', 10],
]
const ADMIN_MIX = [
  ['agenda', 50],
  ['users', 50],
]

/**
 * The soak of ARCHITECTURE section 6: `clients` people (one in ten an admin) use the portal at
 * once for `durationMs`, each with a pause of up to twice `thinkMs` between actions: patients
 * browse free slots, book, pay by sandbox card, cancel (paid ones are refunded) and look at
 * their bookings; admins read the agenda and the users. `rss()` (MB) is sampled every 2 s.
 * Afterwards the admin's agenda of every day booked must hold each slot at most once, every
 * booking a patient still holds, and none that was cancelled.
 */
export async function runSoak({ url, admin, durationMs, clients = 20, thinkMs = 100, rss, label = 'soak' }) {
  const stats = { latencies: new Map(), statuses: {}, networkErrors: 0 }
  const observe = (route, ms, status) => {
    const list = stats.latencies.get(route) ?? []
    list.push(ms)
    stats.latencies.set(route, list)
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1
  }
  const admins = Math.max(1, Math.round(clients / 10))
  const people = []
  for (let i = 0; i < clients; i++) {
    const localAddress = `127.0.${200 + Math.floor(i / 200)}.${2 + (i % 200)}`
    const session =
      i < admins
        ? await signIn(url, { ...admin, localAddress })
        : await signUp(url, {
            email: `${label}-${i}-${Date.now()}@example.test`,
            name: `Soak Patient ${i}`,
            localAddress,
          })
    session.observe = observe
    people.push({ session, admin: i < admins, active: [], cancelled: [], done: { book: [], pay: [] } })
  }
  const calendar = await clinicCalendar(people[0].session)
  const days = []
  for (let offset = FIRST_DAY; offset <= LAST_DAY; offset++) days.push(openDay(calendar, offset))
  const openDays = days.filter(Boolean)

  const samples = []
  const runtimeSamples = []
  const startedAt = performance.now()
  const sample = () => {
    const at = performance.now() - startedAt
    if (rss) samples.push({ at, mb: rss() })
    readRuntimeMemory(url)
      .then((memory) => memory && runtimeSamples.push({ at, ...memory }))
      .catch(() => {})
  }
  sample()
  const sampler = setInterval(sample, 2_000)
  const deadline = startedAt + durationMs
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < deadline) {
        await act(person, openDays).catch(() => {
          stats.networkErrors++
        })
        await pause(Math.random() * 2 * thinkMs)
      }
    }),
  )
  clearInterval(sampler)
  sample()
  const elapsedMs = performance.now() - startedAt
  const check = await checkAgenda(people.find((person) => person.admin).session, openDays, people)
  for (const person of people) closeSession(person.session)
  return summarize({ stats, samples, runtimeSamples, elapsedMs, durationMs, clients, check })
}

/**
 * What the server's own metrics say its memory is made of (MB): V8's heap (reserved and in use)
 * and memory outside it, which on PGlite is mostly the embedded database's WebAssembly memory.
 * RSS alone cannot tell a leak from a heap the collector chose to keep larger.
 */
async function readRuntimeMemory(url) {
  const res = await fetch(`${url}/api/metrics`)
  if (!res.ok) return undefined
  const text = await res.text()
  const read = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1]) / 2 ** 20
  return {
    heapTotal: read('nodejs_heap_size_total_bytes'),
    heapUsed: read('nodejs_heap_size_used_bytes'),
    external: read('nodejs_external_memory_bytes'),
  }
}

async function act(person, days) {
  const { session } = person
  const action = pick(person.admin ? ADMIN_MIX : PATIENT_MIX)
  const day = days[Math.floor(Math.random() * days.length)]
  if (action === 'agenda') return callAs(session, 'GET', `/api/agenda?date=${day}`)
  if (action === 'users') return callAs(session, 'GET', '/api/users')
  if (action === 'browse') {
    await callAs(session, 'GET', '/api/clinicCalendar')
    await callAs(session, 'GET', '/api/appointmentSpecialty')
    return callAs(session, 'GET', `/api/appOptions?date=${day}`)
  }
  if (action === 'myBookings')
    return callAs(session, 'GET', `/api/bookings?email=${encodeURIComponent(session.email)}`)
  // Bookings are paced and cancellations are not: each patient keeps one, so the agenda check has some to find.
  if (
    (action === 'cancel' && person.active.length > 1) ||
    (action === 'book' && person.active.length >= UPCOMING)
  )
    return cancel(person)
  if (action === 'cancel') return
  if (action === 'book') return book(person, day)
  return pay(person)
}

async function book(person, day) {
  if (!withinMinute(person.done.book, PER_MINUTE.book)) return
  const attempt = await bookFreeSlot(person.session, day)
  if (attempt?.res.status === 201) person.active.push({ ...attempt.booking, paid: false })
}

async function pay(person) {
  const unpaid = person.active.find((booking) => !booking.paid)
  if (!unpaid || !withinMinute(person.done.pay, PER_MINUTE.pay)) return
  if ((await payBooking(person.session, unpaid.id)) === 'paid') unpaid.paid = true
}

async function cancel(person) {
  const booking = person.active[Math.floor(Math.random() * person.active.length)]
  if (!booking) return
  const res = await cancelBooking(person.session, booking.id)
  if (res.status !== 200) return
  person.active.splice(person.active.indexOf(booking), 1)
  person.cancelled.push(booking.id)
}

/** Counts this action if fewer than `max` were done in the last minute. */
function withinMinute(times, max) {
  const now = performance.now()
  while (times.length > 0 && times[0] < now - 60_000) times.shift()
  if (times.length >= max) return false
  times.push(now)
  return true
}

/** Reads every booked day's agenda as the admin: double bookings, and bookings lost or revived. */
async function checkAgenda(adminSession, days, people) {
  const listed = new Set()
  let doubleBookings = 0
  for (const day of days) {
    const res = await callAs(adminSession, 'GET', `/api/agenda?date=${day}`)
    if (res.status !== 200) throw new Error(`agenda of ${day}: ${res.status}`)
    const taken = new Set()
    for (const entry of res.body.bookings) {
      const seat = `${entry.treatmentName}|${entry.slot}`
      if (taken.has(seat)) doubleBookings++
      taken.add(seat)
      listed.add(entry._id)
    }
  }
  const held = people.flatMap((person) => person.active.map((booking) => booking.id))
  const cancelled = people.flatMap((person) => person.cancelled)
  return {
    doubleBookings,
    held: held.length,
    lost: held.filter((id) => !listed.has(id)).length,
    cancelled: cancelled.length,
    revived: cancelled.filter((id) => listed.has(id)).length,
  }
}

function summarize({ stats, samples, runtimeSamples, elapsedMs, durationMs, clients, check }) {
  const statusCount = (test) =>
    Object.entries(stats.statuses).reduce((n, [status, count]) => n + (test(Number(status)) ? count : 0), 0)
  const endpoints = [...stats.latencies.entries()]
    .map(([name, list]) => ({ name, count: list.length, p99: percentile(list, 0.99) }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const levelsOf = (series) => memoryLevels(series, durationMs, elapsedMs)
  return {
    clients,
    seconds: elapsedMs / 1000,
    requests: statusCount(() => true),
    serverErrors: statusCount((status) => status >= 500),
    rateLimited: statusCount((status) => status === 429),
    networkErrors: stats.networkErrors,
    statuses: stats.statuses,
    endpoints,
    rss: levelsOf(samples.map(({ at, mb }) => ({ at, mb }))),
    heapTotal: levelsOf(runtimeSamples.map(({ at, heapTotal }) => ({ at, mb: heapTotal }))),
    heapUsed: levelsOf(runtimeSamples.map(({ at, heapUsed }) => ({ at, mb: heapUsed }))),
    external: levelsOf(runtimeSamples.map(({ at, external }) => ({ at, mb: external }))),
    ...check,
  }
}

/**
 * Growth is judged after the first fifth (the first minute of five): caches and the JIT fill then.
 * Each level is the median of a whole fifth: between two full collections RSS climbs and falls
 * by 20-50 MB over about a minute (measured), and a level read from a few samples at its top or
 * its bottom would report that saw-tooth as growth or hide a leak.
 */
export function memoryLevels(series, durationMs, elapsedMs) {
  if (!series.length) return undefined
  const settled = (from, to) => median(series.filter((s) => s.at >= from && s.at <= to).map((s) => s.mb))
  const fifth = durationMs / 5
  const levels = {
    start: series[0].mb,
    afterWarmUp: settled(fifth, 2 * fifth),
    end: settled(elapsedMs - fifth, elapsedMs),
    peak: Math.max(...series.map((s) => s.mb)),
    // What the process holds once warm (the budget reads "after 10,000 requests"; decision 0040),
    // but for the highest twentieth of those samples: a collection the garbage collector runs
    // late lifts one or two samples, not the level.
    high: percentile(
      series.filter((s) => s.at >= fifth).map((s) => s.mb),
      0.95,
    ),
  }
  return { ...levels, growth: levels.end / levels.afterWarmUp - 1 }
}

/** The report's lines, as the test and the benchmark print them. */
export function describeSoak(report) {
  const lines = [
    `soak: ${report.clients} clients for ${report.seconds.toFixed(0)} s, ${report.requests} requests (statuses ${JSON.stringify(report.statuses)})`,
    `  5xx ${report.serverErrors}, 429 ${report.rateLimited}, failed requests ${report.networkErrors}; double bookings ${report.doubleBookings}; bookings held ${report.held} (lost ${report.lost}), cancelled ${report.cancelled} (revived ${report.revived})`,
  ]
  const memory = [
    ['RSS', report.rss],
    ['V8 heap reserved', report.heapTotal],
    ['V8 heap in use', report.heapUsed],
    ['outside V8 heap (PGlite: the database)', report.external],
  ]
  for (const [name, levels] of memory) {
    if (!levels) continue
    const { start, afterWarmUp, end, peak, high, growth } = levels
    lines.push(
      `  ${name} MB: start ${start.toFixed(0)}, after warm-up ${afterWarmUp.toFixed(0)}, end ${end.toFixed(0)} (${(growth * 100).toFixed(1)}% growth), 95th percentile after warm-up ${high.toFixed(0)}, peak ${peak.toFixed(0)}`,
    )
  }
  lines.push('  p99 ms per endpoint:')
  for (const { name, count, p99 } of report.endpoints)
    lines.push(`    ${name}: ${p99.toFixed(1)} (${count} requests)`)
  return lines.join('\n')
}

function pick(mix) {
  let roll = Math.random() * mix.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [name, weight] of mix) {
    roll -= weight
    if (roll < 0) return name
  }
  return mix[0][0]
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0
}
