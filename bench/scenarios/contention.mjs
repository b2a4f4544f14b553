import { addDays, registerPatients, requestJson } from '../lib/http-json.mjs'

const CLIENTS = 50
const SLOTS = 20
const ATTEMPTS = 500

/**
 * Bookings under contention (ARCHITECTURE section 6): 50 patients race for 20 slots of one
 * treatment on one day with 500 attempts in all. Exactly 20 may succeed; every other attempt
 * must be a 409, never a 5xx.
 *
 * As on the site, each patient has the day's options open before booking: the appointment page
 * loads them, over the connection the booking then reuses (keep-alive). That run carries the
 * budget. The same race from new connections is printed beside it for reference: Node accepts
 * one new connection per event-loop turn, so there the last patients to connect wait longest.
 */
export async function contentionScenario({ portal, label }) {
  const calendar = await requestJson(`${portal.url}/api/clinicCalendar`)
  return [
    await race({ portal, label, date: addDays(calendar.body.today, 21), pageLoaded: true }),
    await race({ portal, label, date: addDays(calendar.body.today, 22), pageLoaded: false }),
  ]
}

async function race({ portal, label, date, pageLoaded }) {
  const patients = await registerPatients(portal.url, CLIENTS, `race-${label}-${date}`)
  const optionsUrl = `${portal.url}/api/appOptions?date=${date}`
  const options = await requestJson(optionsUrl)
  const treatment = options.body.options.find((option) => option.slots.length >= SLOTS)
  if (!treatment) throw new Error(`no treatment with ${SLOTS} free slots on ${date}`)
  const slots = treatment.slots.slice(0, SLOTS)
  if (pageLoaded)
    await Promise.all(patients.map((patient) => requestJson(optionsUrl, { agent: patient.agent })))
  const latencies = []
  const statuses = {}
  // Each patient makes its own share of the attempts: a shared counter let the fastest patients
  // take more than 20 in a minute, which the per-account booking limit answers with 429.
  const client = async (patient, index) => {
    for (let round = 0; round < ATTEMPTS / CLIENTS; round++) {
      const sentAt = performance.now()
      const res = await requestJson(`${portal.url}/api/bookings`, {
        method: 'POST',
        agent: patient.agent,
        headers: { authorization: `Bearer ${patient.token}` },
        body: {
          appointmentDate: date,
          treatmentName: treatment.name,
          patientName: patient.name,
          slot: slots[(index * 7 + round) % SLOTS],
          email: patient.email,
          phone: '01700000000',
          price: treatment.price,
        },
      })
      latencies.push(performance.now() - sentAt)
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
    }
  }
  await Promise.all(patients.map((patient, index) => client(patient, index)))
  for (const patient of patients) patient.agent.destroy()
  latencies.sort((a, b) => a - b)
  const succeeded = statuses[201] ?? 0
  const refused = statuses[409] ?? 0
  const setting = pageLoaded ? 'options page loaded first' : 'reference: all new connections'
  return {
    name: `bookings race on ${label} (${setting}): ${ATTEMPTS} attempts by ${CLIENTS} patients for ${SLOTS} slots`,
    value: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    max: pageLoaded ? 100 : undefined,
    unit: 'p99 ms',
    detail: `${succeeded} × 201 (must be ${SLOTS}), ${refused} × 409, other ${ATTEMPTS - succeeded - refused}`,
    pass: succeeded === SLOTS && succeeded + refused === ATTEMPTS,
  }
}
