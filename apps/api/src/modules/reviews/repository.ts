import { REVIEW_EDIT_DAYS, type ReviewBody, type ReviewStatus } from '@shared/reviews'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { bookings, reviews, users } from '../../db/schema'

/** The booking a review is about, locked against a change of attendance while the review is written. */
export async function lockReviewedBooking(tx: Db, bookingId: string) {
  const [row] = await tx
    .select({ userId: bookings.userId, attendance: bookings.attendance })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('share')
  return row
}

/**
 * Writes the booking's review, or changes it while it is younger than REVIEW_EDIT_DAYS by `now`;
 * a change goes back to pending, so no admin approved words that are no longer there. The unique
 * key on booking_id makes it one per appointment; no row back means the week has passed.
 */
export async function upsertReview(tx: Db, bookingId: string, body: ReviewBody, now: Date) {
  const [row] = await tx
    .insert(reviews)
    .values({ bookingId, rating: body.rating, body: body.text, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reviews.bookingId,
      set: {
        rating: body.rating,
        body: body.text,
        status: 'pending',
        updatedAt: now,
        moderatedAt: null,
        moderatedBy: null,
      },
      setWhere: sql`${reviews.createdAt} > ${now.toISOString()}::timestamptz - ${REVIEW_EDIT_DAYS}::integer * interval '1 day'`,
    })
    .returning({ ...ownColumns, created: sql<boolean>`xmax = 0` })
  return row
}

const ownColumns = {
  bookingId: reviews.bookingId,
  rating: reviews.rating,
  body: reviews.body,
  status: reviews.status,
  createdAt: reviews.createdAt,
}
export type OwnReviewRow = Awaited<ReturnType<typeof reviewsOf>>[number]

export const reviewsOf = (db: Db, userId: string) =>
  db
    .select(ownColumns)
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(reviews.createdAt))

export async function attendedBookingsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.attendance, 'attended')))
  return rows.map((row) => row.id)
}

/** Approved reviews, newest first, of accounts that still exist; no e-mail or id of a person. */
export const approvedReviews = (db: Db, limit: number) =>
  db
    .select({
      id: reviews.id,
      name: users.name,
      rating: reviews.rating,
      body: reviews.body,
      treatmentName: bookings.treatmentName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(reviews.status, 'approved'), isNull(users.deletedAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)

const moderator = alias(users, 'moderator')
const moderatedColumns = {
  id: reviews.id,
  patientName: users.name,
  rating: reviews.rating,
  body: reviews.body,
  treatmentName: bookings.treatmentName,
  appointmentDate: bookings.appointmentDate,
  status: reviews.status,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  moderatedAt: reviews.moderatedAt,
  moderatedBy: moderator.name,
  patientId: bookings.userId,
  bookingId: reviews.bookingId,
}
export type ModeratedReviewRow = Awaited<ReturnType<typeof moderationList>>[number]

const moderated = (db: Db) =>
  db
    .select(moderatedColumns)
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(moderator, eq(moderator.id, reviews.moderatedBy))

/** The admins' list: pending first, then newest first. */
export const moderationList = (db: Db, limit: number) =>
  moderated(db)
    .orderBy(desc(sql`${reviews.status} = 'pending'`), desc(reviews.updatedAt), desc(reviews.id))
    .limit(limit)

export async function findModeratedReview(db: Db, id: string): Promise<ModeratedReviewRow | undefined> {
  const [row] = await moderated(db).where(eq(reviews.id, id))
  return row
}

/** False when there is no such review. */
export async function setReviewStatus(db: Db, id: string, status: ReviewStatus, adminId: string, now: Date) {
  const rows = await db
    .update(reviews)
    .set({ status, moderatedAt: now, moderatedBy: adminId })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id })
  return rows.length > 0
}

/** An erased account's reviews go with it (decision 0032): they are its words, not the clinic's records. */
export async function deleteReviewsOf(tx: Db, userId: string): Promise<void> {
  await tx
    .delete(reviews)
    .where(
      sql`${reviews.bookingId} IN (SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.userId} = ${userId})`,
    )
}
