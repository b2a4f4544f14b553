import { addDays, registerPatients, requestJson } from '../lib/http-json.mjs'

const CLIENTS = 50
const SLOTS = 20
const ATTEMPTS = 500

/**
 * Bookings under contention (ARCHITECTURE section 6): 50 patients race for 20 slots of one
 * treatment on one day with 500 attempts in all. Exactly 20 may succeed; every other attempt
 * must be a 409, never a 5xx.
 */
export async function contentionScenario({ portal, label }) {
  const patients = await registerPatients(portal.url, CLIENTS, `race-${label}`)
  const calendar = await requestJson(`${portal.url}/api/clinicCalendar`)
  const date = addDays(calendar.body.today, 21)
  const options = await requestJson(`${portal.url}/api/appOptions?date=${date}`)
  const treatment = options.body.options.find((option) => option.slots.length >= SLOTS)
  if (!treatment) throw new Error(`no treatment with ${SLOTS} free slots on ${date}`)
  const slots = treatment.slots.slice(0, SLOTS)
  const latencies = []
  const statuses = {}
  let next = 0
  const client = async (patient) => {
    while (next < ATTEMPTS) {
      const attempt = next++
      const sentAt = performance.now()
      const res = await requestJson(`${portal.url}/api/bookings`, {
        method: 'POST',
        agent: patient.agent,
        headers: { authorization: `Bearer ${patient.token}` },
        body: {
          appointmentDate: date,
          treatmentName: treatment.name,
          patientName: patient.name,
          slot: slots[(attempt * 7) % SLOTS],
          email: patient.email,
          phone: '01700000000',
          price: treatment.price,
        },
      })
      latencies.push(performance.now() - sentAt)
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
    }
  }
  await Promise.all(patients.map(client))
  for (const patient of patients) patient.agent.destroy()
  latencies.sort((a, b) => a - b)
  const succeeded = statuses[201] ?? 0
  const refused = statuses[409] ?? 0
  return [
    {
      name: `bookings race on ${label}: ${ATTEMPTS} attempts by ${CLIENTS} patients for ${SLOTS} slots`,
      value: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      max: 100,
      unit: 'p99 ms',
      detail: `${succeeded} × 201 (must be ${SLOTS}), ${refused} × 409, other ${ATTEMPTS - succeeded - refused}`,
      pass: succeeded === SLOTS && succeeded + refused === ATTEMPTS,
    },
  ]
}
