import { randomUUID } from 'node:crypto'
import type { ErrorCode } from '@shared/errors'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { buildApp } from './app'
import {
  bookings,
  contactMessages,
  doctors,
  images,
  reviews,
  treatments,
  users,
  waitlistEntries,
  waitlistOffers,
} from './db/schema'
import { startSession } from './modules/accounts'
import { book, day, TODAY, testClock } from './test/booking-kit'
import { captureMail } from './test/captured-mail'
import { createAccount, createAdmin, type TestAccount, uniqueEmail } from './test/factories'
import { confirmCard, createIntent, pricedBooking } from './test/payment-kit'
import { refusal } from './test/refusal'
import { createTreatment } from './test/schedule-kit'
import { testConfig } from './test/test-app'
import { createTestDatabase } from './test/test-database'

/**
 * An id names one row however it is spelt. PostgreSQL compares uuids in any
 * case, so a check that compared the text sent ("is this my own account?") let the caller's own
 * id in capitals through. Every route that takes an id is driven with it in lower, upper and
 * mixed case, each time on fresh data, and must answer alike; the lower-case answer is the one
 * each case expects, so a fixture that finds nothing cannot pass for agreement. A route added
 * later with an id in its path, query or body fails here until it has a case.
 */

interface Prepared {
  as: TestAccount
  id: string
  body?: (id: string) => Record<string, unknown>
}
interface IdCase {
  what: string
  answer: { status: number; code?: ErrorCode }
  prepare: () => Promise<Prepared>
}

const SPELLINGS = {
  lower: (id: string) => id,
  upper: (id: string) => id.toUpperCase(),
  mixed: (id: string) => [...id].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(''),
}

/** Fields that hold one of our ids; a provider's transaction id is not ours and keeps its case. */
const ID_FIELD = /^(id|\w+Id)$/
const NOT_OURS = new Set(['transactionId'])

describe('an id in any case', () => {
  let app: FastifyInstance
  const clock = testClock('Asia/Dhaka', TODAY, '09:00')
  const idRoutes = new Set<string>()
  let offset = 0

  beforeAll(async () => {
    app = await buildApp(testConfig(), {
      database: await createTestDatabase(),
      logger: false,
      webDir: '/nonexistent',
      mailer: captureMail(),
      now: clock.now,
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as Record<string, z.ZodObject | undefined>
        const fields = ['params', 'querystring', 'body'].flatMap((part) =>
          Object.keys(schema[part]?.shape ?? {}),
        )
        if (!fields.some((field) => ID_FIELD.test(field) && !NOT_OURS.has(field))) return
        for (const method of [route.method].flat())
          if (method !== 'HEAD') idRoutes.add(`${method} ${route.url}`)
      },
    })
  })
  afterAll(() => app.close())

  /** The caller as the clinic's one admin: the case where a missed self check hurts most. */
  async function onlyAdmin(): Promise<TestAccount> {
    const admin = await createAdmin(app)
    await app.database.db
      .update(users)
      .set({ role: 'patient' })
      .where(and(eq(users.role, 'admin'), ne(users.id, admin.id)))
    return admin
  }

  async function booking() {
    offset = (offset % 40) + 1
    const { patient, bookingId } = await pricedBooking(app, offset)
    return { as: patient, id: bookingId }
  }

  async function doctorId(): Promise<string> {
    const name = `${randomUUID().replaceAll('-', '')}.png`
    await app.database.db
      .insert(images)
      .values({ name, contentType: 'image/png', bytes: 1, width: 1, height: 1 })
    const [treatment] = await app.database.db.select({ id: treatments.id }).from(treatments).limit(1)
    const [doctor] = await app.database.db
      .insert(doctors)
      .values({
        name: 'Dr. Case',
        email: uniqueEmail('doctor'),
        specialtyId: treatment?.id ?? '',
        imageName: name,
      })
      .returning({ id: doctors.id })
    return doctor?.id ?? ''
  }

  /** A patient's waitlist entry for a new treatment's 10:00 slot tomorrow, written straight in. */
  async function waitlistEntry() {
    const treatment = await createTreatment(app, await createAdmin(app))
    const patient = await createAccount(app)
    const [entry] = await app.database.db
      .insert(waitlistEntries)
      .values({
        userId: patient.id,
        treatmentId: treatment._id,
        appointmentDate: day(1),
        phone: '+880 1700 000000',
      })
      .returning({ id: waitlistEntries.id })
    return { patient, treatment, entryId: entry?.id ?? '' }
  }

  const CASES: Record<string, IdCase[]> = {
    'POST /api/waitlist': [
      {
        what: 'a full day joined',
        answer: { status: 201 },
        prepare: async () => {
          const treatment = await createTreatment(app, await createAdmin(app))
          const slot = '10:00 AM - 10:30 AM'
          await book(app, await createAccount(app), {
            treatmentName: treatment.name,
            appointmentDate: day(1),
            slot,
          })
          const body = (treatmentId: string) => ({ treatmentId, date: day(1), phone: '+880 1700 000000' })
          return { as: await createAccount(app), id: treatment._id, body }
        },
      },
    ],
    'DELETE /api/waitlist/:id': [
      {
        what: 'my waitlist entry removed',
        answer: { status: 204 },
        prepare: async () => {
          const { patient, entryId } = await waitlistEntry()
          return { as: patient, id: entryId }
        },
      },
    ],
    'POST /api/waitlist/offers/:id/accept': [
      {
        what: 'my live offer accepted',
        answer: { status: 200 },
        prepare: async () => {
          const { patient, treatment, entryId } = await waitlistEntry()
          const [offer] = await app.database.db
            .insert(waitlistOffers)
            .values({
              entryId,
              userId: patient.id,
              treatmentId: treatment._id,
              appointmentDate: day(1),
              slotId: treatment.slots[0]?._id ?? '',
              offeredAt: clock.now(),
              expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
            })
            .returning({ id: waitlistOffers.id })
          return { as: patient, id: offer?.id ?? '' }
        },
      },
    ],
    'PUT /api/users/admin/:id': [
      {
        what: 'a patient made admin',
        answer: { status: 200 },
        prepare: async () => ({ as: await createAdmin(app), id: (await createAccount(app)).id }),
      },
    ],
    'DELETE /api/users/admin/:id': [
      {
        what: 'the only admin removing their own role',
        answer: { status: 409, code: 'CANNOT_CHANGE_OWN_ROLE' },
        prepare: async () => {
          const admin = await onlyAdmin()
          return { as: admin, id: admin.id }
        },
      },
      {
        what: 'another admin demoted',
        answer: { status: 200 },
        prepare: async () => ({ as: await createAdmin(app), id: (await createAdmin(app)).id }),
      },
    ],
    'DELETE /api/users/:id': [
      {
        what: 'the only admin deleting their own account',
        answer: { status: 409, code: 'CANNOT_DELETE_SELF' },
        prepare: async () => {
          const admin = await onlyAdmin()
          return { as: admin, id: admin.id }
        },
      },
      {
        what: 'a patient deleted',
        answer: { status: 200 },
        prepare: async () => ({ as: await createAdmin(app), id: (await createAccount(app)).id }),
      },
    ],
    'GET /api/booking/:id': [{ what: 'my booking', answer: { status: 200 }, prepare: booking }],
    'DELETE /api/bookings/:id': [{ what: 'my booking cancelled', answer: { status: 200 }, prepare: booking }],
    'PUT /api/bookings/:id/slot': [
      {
        what: 'my booking moved to the same slot',
        answer: { status: 409, code: 'SAME_SLOT' },
        prepare: async () => {
          const mine = await booking()
          const [row] = await app.database.db
            .select({ date: bookings.appointmentDate, slot: bookings.slotLabel })
            .from(bookings)
            .where(eq(bookings.id, mine.id))
          return { ...mine, body: () => ({ appointmentDate: row?.date, slot: row?.slot }) }
        },
      },
    ],
    'PUT /api/agenda/:bookingId/attendance': [
      {
        what: 'an upcoming booking marked',
        answer: { status: 409, code: 'ATTENDANCE_TOO_EARLY' },
        prepare: async () => ({
          ...(await booking()),
          as: await createAdmin(app),
          body: () => ({ attendance: 'attended' }),
        }),
      },
    ],
    'DELETE /api/doctors/:id': [
      {
        what: 'a doctor removed',
        answer: { status: 200 },
        prepare: async () => ({ as: await createAdmin(app), id: await doctorId() }),
      },
    ],
    'PUT /api/doctors/:id': [
      {
        what: 'a doctor renamed',
        answer: { status: 200 },
        prepare: async () => {
          const admin = await createAdmin(app)
          const id = await doctorId()
          const listed = await app.inject({ method: 'GET', url: '/api/doctors', headers: admin.headers })
          const { _id, ...doctor } = listed.json().doctors.find((one: { _id: string }) => one._id === id)
          return { as: admin, id, body: () => ({ ...doctor, name: 'Dr. Renamed' }) }
        },
      },
    ],
    'PUT /api/messages/:id/handled': [
      {
        what: 'a message marked handled',
        answer: { status: 200 },
        prepare: async () => {
          const [message] = await app.database.db
            .insert(contactMessages)
            .values({ email: uniqueEmail('visitor'), subject: 'Hours', body: 'Are you open on Friday?' })
            .returning({ id: contactMessages.id })
          return { as: await createAdmin(app), id: message?.id ?? '', body: () => ({ handled: true }) }
        },
      },
    ],
    'PUT /api/bookings/:id/review': [
      {
        what: 'my upcoming booking reviewed too early',
        answer: { status: 409, code: 'REVIEW_NOT_ATTENDED' },
        prepare: async () => ({ ...(await booking()), body: () => ({ rating: 5, text: 'Kind and quick.' }) }),
      },
    ],
    'PUT /api/reviews/:id/status': [
      {
        what: 'a review approved',
        answer: { status: 200 },
        prepare: async () => {
          const { id: bookingId } = await booking()
          const [review] = await app.database.db
            .insert(reviews)
            .values({ bookingId, rating: 4, body: 'Gentle hands.' })
            .returning({ id: reviews.id })
          return { as: await createAdmin(app), id: review?.id ?? '', body: () => ({ status: 'approved' }) }
        },
      },
    ],
    'DELETE /api/me/sessions/:id': [
      {
        what: 'my other session ended',
        answer: { status: 204 },
        prepare: async () => {
          const me = await createAccount(app)
          const { sessionId } = await startSession(app.database.db, me.id)
          return { as: me, id: sessionId }
        },
      },
    ],
    'POST /api/create-payment-intent': [
      {
        what: 'my booking paid for',
        answer: { status: 200 },
        prepare: async () => ({ ...(await booking()), body: (bookingId) => ({ bookingId }) }),
      },
    ],
    'POST /api/payments': [
      {
        what: 'my confirmed payment recorded',
        answer: { status: 200 },
        prepare: async () => {
          const { as, id } = await booking()
          const intent = await createIntent(app, as, id)
          const confirmed = await confirmCard(app, intent.json().clientSecret)
          const transactionId: string = confirmed.json().paymentIntent.id
          return { as, id, body: (bookingId) => ({ bookingId, transactionId }) }
        },
      },
    ],
    ...Object.fromEntries(
      (
        [
          ['PATCH', '/treatments/:id', 200, () => ({ price: 950 })],
          ['GET', '/treatments/:id/impact', 200],
          ['DELETE', '/treatments/:id', 200],
          ['POST', '/treatments/:id/slots', 201, () => ({ start: '15:00', minutes: 30 })],
        ] as const
      ).map(([method, path, status, body]) => [
        `${method} /api/schedule${path}`,
        [
          {
            what: 'a treatment',
            answer: { status },
            prepare: async () => {
              const admin = await createAdmin(app)
              return { as: admin, id: (await createTreatment(app, admin))._id, body }
            },
          },
        ],
      ]),
    ),
    ...Object.fromEntries(
      (['GET /api/schedule/slots/:id/impact', 'DELETE /api/schedule/slots/:id'] as const).map((route) => [
        route,
        [
          {
            what: 'a slot',
            answer: { status: 200 },
            prepare: async () => {
              const admin = await createAdmin(app)
              const { slots } = await createTreatment(app, admin)
              return { as: admin, id: slots[0]?._id ?? '' }
            },
          },
        ],
      ]),
    ),
  }

  test('every route that takes an id has a case', () => {
    expect([...idRoutes].sort()).toEqual(Object.keys(CASES).sort())
  })

  const all = Object.entries(CASES).flatMap(([route, cases]) => cases.map((c) => [route, c.what, c] as const))
  test.each(all)('%s (%s) answers alike in lower, upper and mixed case', async (route, _, idCase) => {
    const [method, url] = route.split(' ') as [HTTPMethods, string]
    const answers: Record<string, ReturnType<typeof refusal>> = {}
    for (const [spelling, spell] of Object.entries(SPELLINGS)) {
      const { as, id, body } = await idCase.prepare()
      const res = await app.inject({
        method,
        url: url.replace(/:\w+/, spell(id)),
        headers: as.headers,
        ...(body ? { payload: body(spell(id)) } : {}),
      })
      answers[spelling] = refusal(res)
    }
    const expected = { status: idCase.answer.status, code: idCase.answer.code }
    expect(answers).toEqual({ lower: expected, upper: expected, mixed: expected })
  })
})
