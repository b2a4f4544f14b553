// The signed-in pages' patient, made through the API as the web app would: a new account and one
// unpaid booking on the next open clinic day that has a free priced slot.
import {
  bookFreeSlot,
  clinicCalendar,
  closeSession,
  openDay,
  PATIENT_PASSWORD,
  signUp,
} from '../lib/portal-client.mjs'

/** Its own loopback address: the other scenarios' registrations do not spend its per-address limit. */
const PATIENT_ADDRESS = '127.0.8.1'
/** How many days ahead an open day with a free slot is looked for. */
const DAYS_AHEAD = 14

/**
 * Resolves with what the audits need to sign this patient in on each run (e-mail, password and
 * the device cookie that makes the browser a known one) and the unpaid booking's id and treatment.
 */
export async function preparePatient(baseURL) {
  const session = await signUp(baseURL, {
    email: `lighthouse-${Date.now()}@example.test`,
    name: 'Lighthouse Patient',
    localAddress: PATIENT_ADDRESS,
  })
  try {
    const calendar = await clinicCalendar(session)
    for (let offset = 1; offset <= DAYS_AHEAD; offset++) {
      const date = openDay(calendar, offset)
      const booked = date && (await bookFreeSlot(session, date))
      if (!booked) continue
      if (booked.res.status !== 201)
        throw new Error(`booking: ${booked.res.status} ${JSON.stringify(booked.res.body)}`)
      return {
        account: { email: session.email, password: PATIENT_PASSWORD, deviceCookie: session.deviceCookie },
        booking: booked.booking,
      }
    }
    throw new Error(`no free priced slot in the next ${DAYS_AHEAD} days`)
  } finally {
    closeSession(session)
  }
}
