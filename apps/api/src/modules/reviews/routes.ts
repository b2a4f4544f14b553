import {
  AdminReview,
  AdminReviewListReply,
  BookingReviewParams,
  MyReviewListReply,
  MyReviewReply,
  PublicReviewListReply,
  REVIEW_MESSAGES,
  ReviewBody,
  ReviewParams,
  ReviewStatusBody,
} from '@shared/reviews'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perAccount, registerRouteRateLimits } from '../../plugins/route-rate-limits'
import { currentUser, originOf } from '../accounts'
import { reviewService } from './service'

/** Writing and changing reviews, per account: a patient has few appointments to review. */
export const reviewRateLimit = perAccount(20, '1 hour')

/** Patients' reviews of attended appointments and their moderation (decision 0032). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = reviewService({ db: app.database.db, now: () => app.now() })
  await registerRouteRateLimits(app, REVIEW_MESSAGES.tooMany)

  app.get('/reviews', { schema: { response: { 200: PublicReviewListReply } } }, async () => ({
    reviews: await reviews.approved(),
  }))

  app.get(
    '/me/reviews',
    { onRequest: app.requireUser, schema: { response: { 200: MyReviewListReply } } },
    (request) => reviews.mine(currentUser(request)),
  )

  // PUT: the first call writes the review (201), a later one within the week changes it (200).
  app.put(
    '/bookings/:id/review',
    {
      onRequest: app.requireUser,
      config: { rateLimit: reviewRateLimit },
      schema: {
        params: BookingReviewParams,
        body: ReviewBody,
        response: { 200: MyReviewReply, 201: MyReviewReply },
      },
    },
    async (request, reply) => {
      const saved = await reviews.save(currentUser(request), request.params.id, request.body)
      return reply
        .code(saved.created ? 201 : 200)
        .send({ review: saved.review, message: REVIEW_MESSAGES.saved })
    },
  )

  // onRequest, not preHandler: a caller who is not an admin learns nothing from validation.
  const onRequest = app.requireAdmin

  app.get('/admin/reviews', { onRequest, schema: { response: { 200: AdminReviewListReply } } }, async () => ({
    reviews: await reviews.moderation(),
  }))

  app.put(
    '/reviews/:id/status',
    { onRequest, schema: { params: ReviewParams, body: ReviewStatusBody, response: { 200: AdminReview } } },
    async (request) =>
      reviews.moderate(currentUser(request), request.params.id, request.body.status, originOf(request)),
  )
}
