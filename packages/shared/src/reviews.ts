import { z } from 'zod'
import { Id } from './ids'
import { freeText } from './text'

export const REVIEW_TEXT_MAX_LENGTH = 1000
/** A review may be edited for this many days after it was first written (decision 0032). */
export const REVIEW_EDIT_DAYS = 7

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const
export const ReviewStatus = z.enum(REVIEW_STATUSES)
export type ReviewStatus = z.infer<typeof ReviewStatus>

export const REVIEW_MESSAGES = {
  notFound: 'This appointment or review no longer exists.',
  notAttended: 'You can review an appointment once the clinic has marked you as attended.',
  editClosed: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it was written.`,
  saved: 'Thank you! Your review will appear once the clinic has approved it.',
  tooMany: (after: string) => `You have changed reviews many times. Please try again in ${after}.`,
} as const

/** A patient's review of an attended appointment; a changed review waits for approval again. */
export const ReviewBody = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars.' })
    .int('Please choose a rating from 1 to 5 stars.')
    .min(1, 'Please choose a rating from 1 to 5 stars.')
    .max(5, 'Please choose a rating from 1 to 5 stars.'),
  text: freeText({
    required: 'Review is Required',
    max: REVIEW_TEXT_MAX_LENGTH,
    tooLong: `Review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters.`,
    multiline: true,
  }),
})
export type ReviewBody = z.infer<typeof ReviewBody>

export const BookingReviewParams = z.object({ id: Id })

/** The patient's own review, as My Appointments shows it. */
export const MyReview = z.object({
  bookingId: z.string(),
  rating: z.number(),
  text: z.string(),
  status: ReviewStatus,
  createdAt: z.string(),
  editableUntil: z.string(),
})
export type MyReview = z.infer<typeof MyReview>

export const MyReviewReply = z.object({ review: MyReview, message: z.string() })
export type MyReviewReply = z.infer<typeof MyReviewReply>

/** The patient's reviews, and the appointments they attended: those they may review. */
export const MyReviewListReply = z.object({
  reviews: z.array(MyReview),
  attendedBookingIds: z.array(z.string()),
})
export type MyReviewListReply = z.infer<typeof MyReviewListReply>

/** What anyone may read: the first name only, no e-mail and no id of a person. */
export const PublicReview = z.object({
  _id: z.string(),
  firstName: z.string(),
  rating: z.number(),
  text: z.string(),
  treatmentName: z.string(),
  date: z.string(),
})
export type PublicReview = z.infer<typeof PublicReview>

export const PublicReviewListReply = z.object({ reviews: z.array(PublicReview) })
export type PublicReviewListReply = z.infer<typeof PublicReviewListReply>

/** A review as the admins' moderation page shows it; `moderatedBy` is the admin's name. */
export const AdminReview = z.object({
  _id: z.string(),
  patientName: z.string(),
  rating: z.number(),
  text: z.string(),
  treatmentName: z.string(),
  appointmentDate: z.string(),
  status: ReviewStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string().nullable(),
})
export type AdminReview = z.infer<typeof AdminReview>

export const AdminReviewListReply = z.object({ reviews: z.array(AdminReview) })
export type AdminReviewListReply = z.infer<typeof AdminReviewListReply>

export const ReviewParams = z.object({ id: Id })

export const ReviewStatusBody = z.object({
  status: z.enum(['approved', 'hidden'], { error: 'status must be approved or hidden' }),
})
export type ReviewStatusBody = z.infer<typeof ReviewStatusBody>
