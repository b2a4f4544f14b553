import {
  BOOKING_MESSAGES,
  Booking,
  BookingParams,
  BookingsQuery,
  BookingsReply,
  CancelBookingReply,
  CreateBookingBody,
  CreateBookingReply,
  IdempotencyKey,
  RescheduleBookingBody,
  RescheduleBookingReply,
} from '@shared/bookings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { announcedCache } from '../../db/announced-cache'
import { soonAfterListening } from '../../lib/after-listening'
import { perAccount, registerRouteRateLimits } from '../../plugins/route-rate-limits'
import { currentUser, originOf } from '../accounts'
import type { PaymentService } from '../payments'
import { rescheduleBooking } from './reschedule'
import { bookingService, PATIENT_LISTS_KEPT } from './service'
import { warmUpBookings } from './warm-up'

/** A person books a few times a month; an account that takes slot after slot is a script (decision 0015). */
const bookingRateLimit = perAccount(20, '1 minute')

// Loose: the validated headers replace request.headers, and the others (authorization) must stay.
const CreateBookingHeaders = z.looseObject({ 'idempotency-key': IdempotencyKey.optional() })

export const bookingRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  const bookings = bookingService({
    refunds: payments,
    db: app.database.db,
    now: () => app.now(),
    availability: app.availability,
    clinic: { timeZone: app.config.clinicTimeZone },
    maxUpcomingBookings: app.config.maxUpcomingBookings,
    metrics: app.metrics,
    // Migration 0024 names the patients whose bookings, payments or address changed.
    lists: await announcedCache(app.database, ['patient_bookings_changed'], PATIENT_LISTS_KEPT),
  })
  const rescheduling = {
    db: app.database.db,
    now: () => app.now(),
    clinic: { timeZone: app.config.clinicTimeZone },
    cutoffHours: app.config.payment.refundCutoffHours,
    maxUpcomingBookings: app.config.maxUpcomingBookings,
  }
  await registerRouteRateLimits(app, () => BOOKING_MESSAGES.tooManyAttempts)
  // A failure only costs the first booking time.
  soonAfterListening(app, 'booking warm-up', () =>
    warmUpBookings(app.database.db, app.config.clinicTimeZone, app.now()),
  )
  // onRequest, not preHandler: a signed-out caller learns nothing from body validation.
  const onRequest = app.requireUser

  app.post(
    '/bookings',
    {
      onRequest,
      config: { rateLimit: bookingRateLimit },
      schema: {
        body: CreateBookingBody,
        headers: CreateBookingHeaders,
        response: { 201: CreateBookingReply },
      },
    },
    async (req, reply) =>
      reply.code(201).send({
        bookings: await bookings.create(currentUser(req), req.body, req.headers['idempotency-key']),
      }),
  )

  app.get(
    '/bookings',
    { onRequest, schema: { querystring: BookingsQuery, response: { 200: BookingsReply } } },
    async (req) => ({
      bookings: await bookings.list(currentUser(req), req.query.email),
    }),
  )

  app.get(
    '/booking/:id',
    { onRequest, schema: { params: BookingParams, response: { 200: Booking } } },
    (req) => bookings.get(currentUser(req), req.params.id),
  )

  app.delete(
    '/bookings/:id',
    { onRequest, schema: { params: BookingParams, response: { 200: CancelBookingReply } } },
    async (req) => ({
      booking: await bookings.cancel(currentUser(req), req.params.id),
    }),
  )

  app.put(
    '/bookings/:id/slot',
    {
      onRequest,
      config: { rateLimit: bookingRateLimit },
      schema: {
        params: BookingParams,
        body: RescheduleBookingBody,
        response: { 200: RescheduleBookingReply },
      },
    },
    async (req) => {
      const user = currentUser(req)
      await rescheduleBooking(rescheduling, user, req.params.id, req.body, originOf(req))
      return { booking: await bookings.get(user, req.params.id) }
    },
  )
}
