import { Agent, request } from 'node:http'

/** One JSON request from a chosen loopback source address; resolves with status, headers and body. */
export function requestJson(url, { method = 'GET', body, headers = {}, localAddress, agent } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      url,
      {
        method,
        localAddress,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers }
          : headers,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        // A server killed mid-answer cuts the body: a failed request, not an uncaught error.
        res.on('error', reject)
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : null })
          } catch (error) {
            reject(error)
          }
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

// Each call registers from addresses of its own: a scenario run again (`--baseline`'s rounds) stays
// within the per-address limit of registrations.
let registrationBatches = 0

/** Registers `count` patients (each from its own loopback address) and returns their access tokens. */
export async function registerPatients(baseURL, count, prefix) {
  const patients = []
  const batch = registrationBatches++ % 250
  for (let i = 0; i < count; i++) {
    const localAddress = `127.${batch}.${100 + Math.floor(i / 200)}.${2 + (i % 200)}`
    const email = `${prefix}-${i}-${Date.now()}@example.test`
    const registered = await requestJson(`${baseURL}/api/auth/register`, {
      method: 'POST',
      body: { name: `Bench Patient ${i}`, email, password: 'Bench#2026pass' },
      localAddress,
    })
    if (registered.status !== 201)
      throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`)
    const cookie = String(registered.headers['set-cookie']).split(';')[0]
    const jwt = await requestJson(`${baseURL}/api/jwt?email=${encodeURIComponent(email)}`, {
      headers: { cookie },
      localAddress,
    })
    if (jwt.status !== 200) throw new Error(`jwt: ${jwt.status} ${JSON.stringify(jwt.body)}`)
    // Its own address on every connection too, as patients on their own phones: per-address limits apply per patient.
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress })
    patients.push({ email, name: `Bench Patient ${i}`, token: jwt.body.token, agent })
  }
  return patients
}

/** `date` ('YYYY-MM-DD') plus `days`, as a calendar date. */
export function addDays(date, days) {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}
