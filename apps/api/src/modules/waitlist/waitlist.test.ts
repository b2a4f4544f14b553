import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, bookings } from '../../db/schema'
import { book, cancelBooking, day, joinWaitlist, TODAY, testClock } from '../../test/booking-kit'
import { captureMail } from '../../test/captured-mail'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { createTreatment, optionOf } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'
import { makeDueOffers } from './offers'

const SLOT = '10:00 AM - 10:30 AM'
const DATE = day(1)

const clock = testClock('Asia/Dhaka', TODAY, '08:00')
const mail = captureMail()
let app: FastifyInstance
let admin: TestAccount

beforeAll(async () => {
  // The job runs when a test says (runOffers), not a second after each change it makes.
  app = await createTestApp({}, { now: clock.now, mailer: mail, wakeOfferJob: false })
  admin = await createAdmin(app)
})
afterAll(() => app.close())

const join = (patient: TestAccount, treatmentId: string, date = DATE) =>
  joinWaitlist(app, patient, treatmentId, date)

const myWaitlist = async (patient: TestAccount) => {
  const res = await app.inject({ method: 'GET', url: '/api/me/waitlist', headers: patient.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().entries as { _id: string; offer: { _id: string; slot: string } | null }[]
}

const accept = (patient: TestAccount, offerId: string) =>
  app.inject({ method: 'POST', url: `/api/waitlist/offers/${offerId}/accept`, headers: patient.headers })

const cancel = (patient: TestAccount, id: string) => cancelBooking(app, patient, id)

/** The offers the job makes now, as they are mailed. */
async function runOffers() {
  const before = mail.sent.length
  const made = await makeDueOffers(
    app.database.db,
    { holdMinutes: app.config.waitlistHoldMinutes, timeZone: 'Asia/Dhaka', publicUrl: app.config.publicUrl },
    clock.now(),
  )
  await app.outbox.drain()
  const mails = mail.sent.slice(before).filter((m) => m.subject.startsWith('A slot freed up'))
  expect(mails).toHaveLength(made)
  return mails
}

const offerIdIn = (text: string) => /\/waitlist\/offers\/([0-9a-f-]{36})/.exec(text)?.[1] as string

/** A treatment with one slot on DATE, booked by a patient: a full day. */
async function fullDay() {
  clock.at(TODAY, '08:00')
  const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
  const holder = await createAccount(app)
  const res = await book(app, holder, { treatmentName: treatment.name, appointmentDate: DATE, slot: SLOT })
  expect(res.statusCode, res.body).toBe(201)
  return { treatment, holder, bookingId: res.json().bookings.insertedId as string }
}

async function bookedOn(treatmentId: string) {
  return app.database.db
    .select({ userId: bookings.userId })
    .from(bookings)
    .where(
      and(
        eq(bookings.treatmentId, treatmentId),
        eq(bookings.appointmentDate, DATE),
        eq(bookings.status, 'booked'),
      ),
    )
}

describe('joining and leaving', () => {
  test('only a full day can be joined, once per patient, treatment and day', async () => {
    clock.at(TODAY, '08:00')
    const treatment = await createTreatment(app, admin, { starts: ['10:00'] })
    const patient = await createAccount(app)
    const early = await join(patient, treatment._id)
    expect(early.statusCode, early.body).toBe(409)
    expect(early.json().code).toBe('SLOTS_STILL_FREE')

    const other = await createAccount(app)
    expect(
      (await book(app, other, { treatmentName: treatment.name, appointmentDate: DATE, slot: SLOT }))
        .statusCode,
    ).toBe(201)
    const joined = await join(patient, treatment._id)
    expect(joined.statusCode, joined.body).toBe(201)
    expect(joined.json().entry).toMatchObject({ treatmentName: treatment.name, date: DATE, offer: null })
    const again = await join(patient, treatment._id)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('ALREADY_ON_WAITLIST')
    expect(await myWaitlist(patient)).toHaveLength(1)
  })

  test('signed-out callers cannot join; a patient removes only their own entry', async () => {
    const { treatment } = await fullDay()
    const res = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { treatmentId: treatment._id, date: DATE, phone: '+880 1700 000000' },
    })
    expect(res.statusCode).toBe(401)
    const patient = await createAccount(app)
    const { entry } = (await join(patient, treatment._id)).json()
    const stranger = await createAccount(app)
    const theirs = await app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entry._id}`,
      headers: stranger.headers,
    })
    expect(theirs.statusCode).toBe(404)
    const own = await app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entry._id}`,
      headers: patient.headers,
    })
    expect(own.statusCode).toBe(204)
    expect(await myWaitlist(patient)).toEqual([])
  })
})

describe('offers', () => {
  test('a cancel offers the slot to the first in line, holds it from everyone else, and one click books it', async () => {
    const { treatment, holder, bookingId } = await fullDay()
    const first = await createAccount(app)
    const second = await createAccount(app)
    expect((await join(first, treatment._id)).statusCode).toBe(201)
    expect((await join(second, treatment._id)).statusCode).toBe(201)
    expect(await runOffers()).toEqual([])

    expect((await cancel(holder, bookingId)).statusCode).toBe(200)
    const [offer, ...more] = await runOffers()
    expect(more).toEqual([])
    expect(offer?.to).toBe(first.email)
    expect(offer?.text).toContain(`${app.config.publicUrl}/waitlist/offers/`)
    const offerId = offerIdIn(offer?.text ?? '')
    const [entry] = await myWaitlist(first)
    expect(entry?.offer).toMatchObject({ _id: offerId, slot: SLOT })
    const [audited] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'waitlist_offered'), eq(auditLog.userId, first.id)))
    expect(audited?.detail).toMatchObject({ offerId, treatment: treatment.name, date: DATE, slot: SLOT })

    expect((await optionOf(app, DATE, treatment.name))?.slots).toEqual([])
    const direct = await book(app, second, {
      treatmentName: treatment.name,
      appointmentDate: DATE,
      slot: SLOT,
    })
    expect(direct.statusCode).toBe(409)
    expect(await runOffers()).toEqual([])

    const accepted = await accept(first, offerId)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(await bookedOn(treatment._id)).toEqual([{ userId: first.id }])
    expect(await myWaitlist(first)).toEqual([])
    expect((await accept(first, offerId)).json().code).toBe('OFFER_NOT_LIVE')
  })

  test('an offer racing a direct booking: exactly one gets the slot', async () => {
    const { treatment, holder, bookingId } = await fullDay()
    const waiting = await createAccount(app)
    await join(waiting, treatment._id)
    await cancel(holder, bookingId)
    const [offer] = await runOffers()
    const rival = await createAccount(app)
    const [accepted, direct] = await Promise.all([
      accept(waiting, offerIdIn(offer?.text ?? '')),
      book(app, rival, { treatmentName: treatment.name, appointmentDate: DATE, slot: SLOT }),
    ])
    expect([accepted.statusCode, direct.statusCode].filter((s) => s < 300)).toHaveLength(1)
    expect(await bookedOn(treatment._id)).toHaveLength(1)
  })

  test('a hold that ran out moves to the next in line, and its link no longer books', async () => {
    const { treatment, holder, bookingId } = await fullDay()
    const first = await createAccount(app)
    const second = await createAccount(app)
    await join(first, treatment._id)
    await join(second, treatment._id)
    await cancel(holder, bookingId)
    const [firstOffer] = await runOffers()
    expect(firstOffer?.to).toBe(first.email)

    clock.at(TODAY, '08:29')
    expect(await runOffers()).toEqual([])
    clock.at(TODAY, '08:30')
    const [secondOffer] = await runOffers()
    expect(secondOffer?.to).toBe(second.email)
    const late = await accept(first, offerIdIn(firstOffer?.text ?? ''))
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('OFFER_NOT_LIVE')
    expect((await accept(second, offerIdIn(secondOffer?.text ?? ''))).statusCode).toBe(200)
    expect(await bookedOn(treatment._id)).toEqual([{ userId: second.id }])
  })

  test('leaving with a live offer declines it: the slot goes to the next in line', async () => {
    const { treatment, holder, bookingId } = await fullDay()
    const first = await createAccount(app)
    const second = await createAccount(app)
    const { entry } = (await join(first, treatment._id)).json()
    await join(second, treatment._id)
    await cancel(holder, bookingId)
    expect((await runOffers())[0]?.to).toBe(first.email)
    await app.inject({ method: 'DELETE', url: `/api/waitlist/${entry._id}`, headers: first.headers })
    expect((await runOffers())[0]?.to).toBe(second.email)
  })

  test('nobody is offered a slot that overlaps a booking they hold', async () => {
    const { treatment, holder, bookingId } = await fullDay()
    const busy = await createAccount(app)
    const other = await book(app, busy, { appointmentDate: DATE, slot: SLOT })
    expect(other.statusCode, other.body).toBe(201)
    const free = await createAccount(app)
    await join(busy, treatment._id)
    await join(free, treatment._id)
    await cancel(holder, bookingId)
    const offers = await runOffers()
    expect(offers.map((m) => m.to)).toEqual([free.email])
  })
})
