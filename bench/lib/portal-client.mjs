import { Agent } from 'node:http'
import { addDays, requestJson } from './http-json.mjs'

/** Stripe's test card that the sandbox accepts. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' }
/** Every patient this client registers has this password. */
export const PATIENT_PASSWORD = 'Soak#2026pass'
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/**
 * One browser of a patient or admin, from its own loopback address (per-address limits then
 * apply per person): its refresh cookie, and its 300 s bearer token, renewed when refused.
 * `deviceCookie` marks the browser as known to the account, so that later password sign-ins
 * skip the per-account budget of unknown browsers (decision 0020).
 * `observe(route, ms, status)`, when set, hears every request.
 */
async function openSession(baseURL, { email, name, localAddress, cookie }) {
  const session = {
    baseURL,
    email,
    name,
    cookie,
    deviceCookie: namedCookie(cookie, 'portal_device'),
    token: '',
    agent: new Agent({ keepAlive: true, maxSockets: 1, localAddress }),
    observe: undefined,
  }
  await renewToken(session)
  return session
}

export async function signUp(baseURL, { email, name, localAddress }) {
  const registered = await requestJson(`${baseURL}/api/auth/register`, {
    method: 'POST',
    body: { name, email, password: PATIENT_PASSWORD },
    localAddress,
  })
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`)
  return openSession(baseURL, { email, name, localAddress, cookie: sessionCookie(registered.headers) })
}

export async function signIn(baseURL, { email, password, localAddress }) {
  const login = await requestJson(`${baseURL}/api/auth/login`, {
    method: 'POST',
    body: { email, password },
    localAddress,
  })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`)
  return openSession(baseURL, {
    email,
    name: login.body.user.displayName,
    localAddress,
    cookie: sessionCookie(login.headers),
  })
}

/** The refresh session's cookie; the device cookie is not needed after this sign-in. */
function sessionCookie(headers) {
  return [headers['set-cookie']]
    .flat()
    .map((line) => String(line).split(';')[0])
    .join('; ')
}

function namedCookie(cookies, name) {
  return cookies.split('; ').find((pair) => pair.startsWith(`${name}=`))
}

async function renewToken(session) {
  const jwt = await call(session, 'GET', `/api/jwt?email=${encodeURIComponent(session.email)}`, undefined, {
    cookie: session.cookie,
  })
  if (jwt.status !== 200) throw new Error(`jwt: ${jwt.status} ${JSON.stringify(jwt.body)}`)
  session.token = jwt.body.token
  // Each renewal rotates the refresh cookie: sending the old one again would be taken for a
  // stolen token and end the session, as a browser's next renewal would not.
  if (jwt.headers['set-cookie']) session.cookie = sessionCookie(jwt.headers)
}

function call(session, method, path, body, headers) {
  const startedAt = performance.now()
  return requestJson(`${session.baseURL}${path}`, { method, body, headers, agent: session.agent }).then(
    (res) => {
      session.observe?.(
        `${method} ${path.split('?')[0].replace(UUID, ':id')}`,
        performance.now() - startedAt,
        res.status,
      )
      return res
    },
  )
}

/** A request with the bearer token; a 401 (token expired) renews it once and tries again. */
export async function callAs(session, method, path, body) {
  const send = () => call(session, method, path, body, { authorization: `Bearer ${session.token}` })
  const res = await send()
  if (res.status !== 401) return res
  await renewToken(session)
  return send()
}

export const clinicCalendar = async (session) => (await call(session, 'GET', '/api/clinicCalendar')).body

export const appOptions = (session, date) => call(session, 'GET', `/api/appOptions?date=${date}`)

/** A clinic day `offset` days after today that is open (not a closed weekday or holiday). */
export function openDay(calendar, offset) {
  const date = addDays(calendar.today, offset)
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
  return calendar.closedWeekdays.includes(weekday) || calendar.holidays.includes(date) ? undefined : date
}

/**
 * Books a random free priced slot on `date`, as the appointment page does: options, then the
 * booking. Resolves with the answer and what was asked for, or undefined when nothing is free.
 */
export async function bookFreeSlot(session, date) {
  const options = await appOptions(session, date)
  const free = (options.body?.options ?? []).flatMap((option) =>
    option.price ? option.slots.map((slot) => ({ treatmentName: option.name, slot })) : [],
  )
  if (free.length === 0) return undefined
  const choice = free[Math.floor(Math.random() * free.length)]
  const res = await callAs(session, 'POST', '/api/bookings', {
    appointmentDate: date,
    patientName: session.name,
    phone: '01700000000',
    ...choice,
  })
  return { res, booking: { id: res.body?.bookings?.insertedId, date, ...choice } }
}

/** Pays a booking as the payment page does: intent, sandbox card, record. Resolves with the failed step, or 'paid'. */
export async function payBooking(session, bookingId) {
  const intent = await callAs(session, 'POST', '/api/create-payment-intent', { bookingId })
  if (intent.status !== 200) return `intent ${intent.status}`
  const confirm = await call(session, 'POST', '/api/payments/sandbox/confirm', {
    clientSecret: intent.body.clientSecret,
    card: TEST_CARD,
    billingDetails: { name: session.name },
  })
  if (confirm.status !== 200) return `confirm ${confirm.status}`
  const record = await callAs(session, 'POST', '/api/payments', {
    transactionId: confirm.body.paymentIntent.id,
    bookingId,
  })
  return record.status === 200 ? 'paid' : `record ${record.status}`
}

export const cancelBooking = (session, bookingId) => callAs(session, 'DELETE', `/api/bookings/${bookingId}`)

export function closeSession(session) {
  session.agent.destroy()
}
