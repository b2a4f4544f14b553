import { MyDataExport } from '@shared/me'
import { AdminReviewListReply, PublicReviewListReply, REVIEW_EDIT_DAYS } from '@shared/reviews'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, reviews } from '../../db/schema'
import { book, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, signUp, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

const clock = testClock('Asia/Dhaka', TODAY, '09:00')
let app: FastifyInstance
let admin: TestAccount

beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
  admin = await createAdmin(app)
})
afterAll(() => app.close())

/** A booking tomorrow; once its day has come, the front desk marks it `attendance` (if given). */
async function visit(attendance: 'attended' | 'no_show' | null, patient?: TestAccount) {
  const owner = patient ?? (await createAccount(app, { name: 'Amina Rahman Chowdhury' }))
  clock.at(TODAY, '09:00')
  const [slot] = await freeSlots(app, day(1))
  const res = await book(app, owner, { appointmentDate: day(1), slot })
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
  const bookingId: string = res.json().bookings.insertedId
  clock.at(day(1), '18:00')
  if (attendance) {
    const marked = await app.inject({
      method: 'PUT',
      url: `/api/agenda/${bookingId}/attendance`,
      headers: admin.headers,
      payload: { attendance },
    })
    if (marked.statusCode !== 200) throw new Error(`attendance: ${marked.statusCode} ${marked.body}`)
  }
  return { patient: owner, bookingId }
}

const review = (
  account: TestAccount,
  bookingId: string,
  body: object = { rating: 5, text: 'Kind and quick.' },
) =>
  app.inject({
    method: 'PUT',
    url: `/api/bookings/${bookingId}/review`,
    headers: account.headers,
    payload: body,
  })

const moderate = (id: string, status: string, account = admin) =>
  app.inject({
    method: 'PUT',
    url: `/api/reviews/${id}/status`,
    headers: account.headers,
    payload: { status },
  })

const storedFor = (bookingId: string) =>
  app.database.db.select().from(reviews).where(eq(reviews.bookingId, bookingId))

const publicList = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/reviews' })
  expect(res.statusCode).toBe(200)
  return { raw: res.body, reviews: PublicReviewListReply.parse(res.json()).reviews }
}

/** A review written and approved on `writtenOn` (evening), after the visit the day before. */
async function approvedReview(text: string, writtenOn = day(1)) {
  const { patient, bookingId } = await visit('attended')
  clock.at(writtenOn, '20:00')
  expect((await review(patient, bookingId, { rating: 4, text })).statusCode).toBe(201)
  const [row] = await storedFor(bookingId)
  expect((await moderate(row?.id ?? '', 'approved')).statusCode).toBe(200)
  return { patient, bookingId, id: row?.id ?? '' }
}

describe('writing a review', () => {
  test('the patient of an attended appointment writes one; it waits for approval', async () => {
    const { patient, bookingId } = await visit('attended')
    const res = await review(patient, bookingId)
    expect(res.statusCode).toBe(201)
    expect(res.json().review).toMatchObject({
      bookingId,
      rating: 5,
      text: 'Kind and quick.',
      status: 'pending',
    })
    expect(res.json().message).toMatch(/once the clinic has approved it/)
    const mine = await app.inject({ method: 'GET', url: '/api/me/reviews', headers: patient.headers })
    expect(mine.json()).toEqual({ reviews: [res.json().review], attendedBookingIds: [bookingId] })
  })

  test('an appointment not (yet) attended cannot be reviewed', async () => {
    for (const attendance of [null, 'no_show'] as const) {
      const { patient, bookingId } = await visit(attendance)
      expect(refusal(await review(patient, bookingId))).toEqual({ status: 409, code: 'REVIEW_NOT_ATTENDED' })
      expect(await storedFor(bookingId)).toEqual([])
    }
  })

  test("another patient's appointment answers as unknown, and an unknown id alike", async () => {
    const { bookingId } = await visit('attended')
    const stranger = await createAccount(app)
    expect(refusal(await review(stranger, bookingId))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await review(stranger, 'not-an-id'))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await review(admin, bookingId))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(await storedFor(bookingId)).toEqual([])
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/review`,
      payload: {},
    })
    expect(anonymous.statusCode).toBe(401)
  })

  test.each([
    [{ rating: 0, text: 'Fine.' }, 'Please choose a rating from 1 to 5 stars.'],
    [{ rating: 6, text: 'Fine.' }, 'Please choose a rating from 1 to 5 stars.'],
    [{ rating: 4.5, text: 'Fine.' }, 'Please choose a rating from 1 to 5 stars.'],
    [{ rating: 4, text: '  ' }, 'Review is Required'],
    [{ rating: 4, text: 'x'.repeat(1001) }, 'Review must be at most 1000 characters.'],
  ])('%j is refused', async (body, message) => {
    const { patient, bookingId } = await visit('attended')
    const res = await review(patient, bookingId, body)
    expect(refusal(res)).toEqual({ status: 400, code: 'VALIDATION' })
    expect(res.json().message).toBe(message)
  })

  test('one per appointment: a second one changes it, and a change after approval waits again', async () => {
    const { patient, bookingId, id } = await approvedReview('Good visit.')
    clock.at(day(3), '12:00')
    const changed = await review(patient, bookingId, { rating: 2, text: 'On second thought, a long wait.' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().review).toMatchObject({ rating: 2, status: 'pending' })
    expect(await storedFor(bookingId)).toMatchObject([
      { id, rating: 2, body: 'On second thought, a long wait.', status: 'pending', moderatedBy: null },
    ])
    expect((await publicList()).reviews.map((one) => one._id)).not.toContain(id)
  })

  test(`it can be changed for ${REVIEW_EDIT_DAYS} days after it was written, not later`, async () => {
    const { patient, bookingId } = await visit('attended')
    expect((await review(patient, bookingId)).statusCode).toBe(201)
    clock.at(day(1 + REVIEW_EDIT_DAYS), '17:59')
    expect((await review(patient, bookingId, { rating: 4, text: 'Still good.' })).statusCode).toBe(200)
    clock.at(day(1 + REVIEW_EDIT_DAYS), '18:00')
    expect(refusal(await review(patient, bookingId, { rating: 1, text: 'Changed my mind.' }))).toEqual({
      status: 409,
      code: 'REVIEW_EDIT_CLOSED',
    })
    expect(await storedFor(bookingId)).toMatchObject([{ rating: 4, body: 'Still good.' }])
  })
})

describe('moderation and the public list', () => {
  test('an admin approves or hides a review, audited with the admin as actor', async () => {
    const { patient, id, bookingId } = await approvedReview('Audited approval.')
    const hidden = await moderate(id, 'hidden')
    expect(hidden.json()).toMatchObject({ _id: id, status: 'hidden', moderatedBy: 'Clinic Admin' })
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patient.id), eq(auditLog.actorId, admin.id)))
    expect(entries.map((entry) => [entry.event, entry.detail])).toEqual(
      expect.arrayContaining([
        ['review_approved', { reviewId: id, bookingId }],
        ['review_hidden', { reviewId: id, bookingId }],
      ]),
    )
    const listed = await app.inject({ method: 'GET', url: '/api/admin/reviews', headers: admin.headers })
    expect(AdminReviewListReply.parse(listed.json()).reviews.find((one) => one._id === id)).toMatchObject({
      patientName: 'Amina Rahman Chowdhury',
      status: 'hidden',
      text: 'Audited approval.',
    })
    expect(refusal(await moderate(id, 'pending'))).toEqual({ status: 400, code: 'VALIDATION' })
    expect(refusal(await moderate('00000000-0000-4000-8000-000000000000', 'hidden'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    })
  })

  test('shows approved reviews only, newest first, with the first name only and no personal data', async () => {
    const pending = await visit('attended')
    await review(pending.patient, pending.bookingId, { rating: 3, text: 'Pending words.' })
    const older = await approvedReview('Older words.')
    const newer = await approvedReview('Newer words.', day(2))
    const hidden = await approvedReview('Hidden words.')
    await moderate(hidden.id, 'hidden')

    const { raw, reviews: shown } = await publicList()
    const texts = shown.map((one) => one.text)
    expect(texts).not.toContain('Pending words.')
    expect(texts).not.toContain('Hidden words.')
    expect(texts.indexOf('Newer words.')).toBeLessThan(texts.indexOf('Older words.'))
    expect(shown.find((one) => one._id === newer.id)).toEqual({
      _id: newer.id,
      firstName: 'Amina',
      rating: 4,
      text: 'Newer words.',
      treatmentName: 'Teeth Cleaning',
      date: expect.any(String),
    })
    for (const personal of [older.patient.email, older.patient.id, older.bookingId, 'Rahman'])
      expect(raw).not.toContain(personal)
  })
})

describe("the patient's data", () => {
  test('my reviews are in my data, and deleting my account deletes them', async () => {
    const patient = await signUp(app, { name: 'Nadia Islam' })
    const { bookingId } = await visit('attended', patient)
    await review(patient, bookingId, { rating: 5, text: 'Mine to take away.' })
    const exported = await app.inject({ method: 'GET', url: '/api/me/export', headers: patient.headers })
    expect(MyDataExport.parse(exported.json()).reviews).toEqual([
      { bookingId, rating: 5, text: 'Mine to take away.', status: 'pending', createdAt: expect.any(String) },
    ])
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: patient.headers,
      payload: { password: patient.password },
    })
    expect(deleted.statusCode).toBe(200)
    expect(await storedFor(bookingId)).toEqual([])
  })
})
