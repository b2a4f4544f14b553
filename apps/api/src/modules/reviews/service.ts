import {
  type AdminReview,
  REVIEW_MESSAGES as M,
  type MyReview,
  type MyReviewListReply,
  type PublicReview,
  REVIEW_EDIT_DAYS,
  type ReviewBody,
} from '@shared/reviews'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { findById, isUuid, ownRow } from '../../lib/ids'
import type { CurrentUser, Origin } from '../accounts'
import { audit } from '../audit'
import {
  approvedReviews,
  attendedBookingsOf,
  findModeratedReview,
  lockReviewedBooking,
  type ModeratedReviewRow,
  moderationList,
  type OwnReviewRow,
  reviewsOf,
  setReviewStatus,
  upsertReview,
} from './repository'

const PUBLIC_LIMIT = 60
const MODERATION_LIMIT = 200
const DAY_MS = 24 * 60 * 60 * 1000
const reviewNotFound = () => notFound(M.notFound)

export interface ReviewDeps {
  db: Db
  now: () => Date
}

const toMyReview = (row: OwnReviewRow): MyReview => ({
  bookingId: row.bookingId,
  rating: row.rating,
  text: row.body,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  editableUntil: new Date(row.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString(),
})

/** The public page names a patient by the first word of their name only. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? ''

const toAdminReview = (row: ModeratedReviewRow): AdminReview => ({
  _id: row.id,
  patientName: row.patientName,
  rating: row.rating,
  text: row.body,
  treatmentName: row.treatmentName,
  appointmentDate: row.appointmentDate,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  moderatedAt: row.moderatedAt?.toISOString() ?? null,
  moderatedBy: row.moderatedBy,
})

export function reviewService({ db, now }: ReviewDeps) {
  return {
    /**
     * Writes or changes the patient's review of their own attended appointment. Another patient's
     * booking answers as unknown, so nobody learns which bookings exist.
     */
    async save(user: CurrentUser, bookingId: string, body: ReviewBody) {
      const at = now()
      return db.transaction(async (tx) => {
        const booking = ownRow(
          await findById(bookingId, (id) => lockReviewedBooking(tx, id)),
          user,
          reviewNotFound,
        )
        if (booking.attendance !== 'attended') throw new AppError('REVIEW_NOT_ATTENDED', M.notAttended)
        const row = await upsertReview(tx, bookingId, body, at)
        if (!row) throw new AppError('REVIEW_EDIT_CLOSED', M.editClosed)
        return { review: toMyReview(row), created: row.created }
      })
    },

    async mine(user: CurrentUser): Promise<MyReviewListReply> {
      const [rows, attendedBookingIds] = await Promise.all([
        reviewsOf(db, user.id),
        attendedBookingsOf(db, user.id),
      ])
      return { reviews: rows.map(toMyReview), attendedBookingIds }
    },

    approved: async (): Promise<PublicReview[]> =>
      (await approvedReviews(db, PUBLIC_LIMIT)).map((row) => ({
        _id: row.id,
        firstName: firstNameOf(row.name),
        rating: row.rating,
        text: row.body,
        treatmentName: row.treatmentName,
        date: row.createdAt.toISOString(),
      })),

    moderation: async (): Promise<AdminReview[]> =>
      (await moderationList(db, MODERATION_LIMIT)).map(toAdminReview),

    /** An admin approves or hides a review; audited with the admin as actor and the patient as subject. */
    async moderate(
      admin: CurrentUser,
      id: string,
      status: 'approved' | 'hidden',
      origin: Origin,
    ): Promise<AdminReview> {
      if (!isUuid(id)) throw reviewNotFound()
      return db.transaction(async (tx) => {
        if (!(await setReviewStatus(tx, id, status, admin.id, now()))) throw reviewNotFound()
        const row = await findModeratedReview(tx, id)
        if (!row) throw reviewNotFound()
        await audit(tx, {
          event: status === 'approved' ? 'review_approved' : 'review_hidden',
          userId: row.patientId,
          actorId: admin.id,
          address: origin.address,
          detail: { reviewId: id, bookingId: row.bookingId },
        })
        return toAdminReview(row)
      })
    },
  }
}
