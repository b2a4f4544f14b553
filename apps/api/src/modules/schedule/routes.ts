import {
  AddHolidayBody,
  AddSlotBody,
  AffectedBookingsQuery,
  ClosedWeekdaysBody,
  ClosedWeekdaysQuery,
  ClosedWeekdaysReply,
  CreateTreatmentBody,
  HolidayParams,
  HolidayReply,
  ImpactReply,
  RemoveSlotReply,
  RetireTreatmentReply,
  ScheduleReply,
  SlotParams,
  SlotReply,
  TreatmentParams,
  TreatmentReply,
  UpdateTreatmentBody,
} from '@shared/schedule'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../accounts'
import type { PaymentService } from '../payments'
import { closedDaysService } from './closed-days'
import type { Actor } from './schedule-change'
import { treatmentService } from './service'
import { slotService } from './slots'

/** Treatments, slots, closed weekdays and holidays, edited by admins (decision 0019). */
export const scheduleRoutes: FastifyPluginAsyncZod<{ clinicRefunds: PaymentService }> = async (
  app,
  { clinicRefunds },
) => {
  const deps = {
    db: app.database.db,
    now: () => app.now(),
    clinic: {
      timeZone: app.config.clinicTimeZone,
      publicUrl: app.config.publicUrl,
      from: app.config.mail.from,
    },
    // The clinic itself cancels here, so the patient's refund cutoff does not apply: a paid
    // appointment the admin cancels is refunded in full.
    refunds: clinicRefunds,
  }
  const treatments = treatmentService(deps)
  const slots = slotService(deps)
  const closedDays = closedDaysService(deps)
  const onRequest = app.requireAdmin
  const actor = (request: FastifyRequest): Actor => ({ id: currentUser(request).id, address: request.ip })

  app.get('/schedule', { onRequest, schema: { response: { 200: ScheduleReply } } }, async () => ({
    treatments: await treatments.list(),
    ...(await closedDays.list()),
  }))

  app.post(
    '/schedule/treatments',
    { onRequest, schema: { body: CreateTreatmentBody, response: { 201: TreatmentReply } } },
    async (req, reply) => reply.code(201).send({ treatment: await treatments.create(actor(req), req.body) }),
  )

  app.patch(
    '/schedule/treatments/:id',
    {
      onRequest,
      schema: { params: TreatmentParams, body: UpdateTreatmentBody, response: { 200: TreatmentReply } },
    },
    async (req) => ({ treatment: await treatments.update(actor(req), req.params.id, req.body) }),
  )

  app.get(
    '/schedule/treatments/:id/impact',
    { onRequest, schema: { params: TreatmentParams, response: { 200: ImpactReply } } },
    (req) => treatments.retireImpact(req.params.id),
  )

  app.delete(
    '/schedule/treatments/:id',
    {
      onRequest,
      schema: {
        params: TreatmentParams,
        querystring: AffectedBookingsQuery,
        response: { 200: RetireTreatmentReply },
      },
    },
    (req) => treatments.retire(actor(req), req.params.id, req.query.affectedBookings),
  )

  app.post(
    '/schedule/treatments/:id/slots',
    { onRequest, schema: { params: TreatmentParams, body: AddSlotBody, response: { 201: SlotReply } } },
    async (req, reply) =>
      reply.code(201).send({ slot: await slots.addSlot(actor(req), req.params.id, req.body) }),
  )

  app.get(
    '/schedule/slots/:id/impact',
    { onRequest, schema: { params: SlotParams, response: { 200: ImpactReply } } },
    (req) => slots.slotImpact(req.params.id),
  )

  app.delete(
    '/schedule/slots/:id',
    {
      onRequest,
      schema: { params: SlotParams, querystring: AffectedBookingsQuery, response: { 200: RemoveSlotReply } },
    },
    (req) => slots.removeSlot(actor(req), req.params.id, req.query.affectedBookings),
  )

  app.get(
    '/schedule/closed-weekdays/impact',
    { onRequest, schema: { querystring: ClosedWeekdaysQuery, response: { 200: ImpactReply } } },
    (req) => closedDays.weekdaysImpact(req.query.weekdays),
  )

  app.put(
    '/schedule/closed-weekdays',
    { onRequest, schema: { body: ClosedWeekdaysBody, response: { 200: ClosedWeekdaysReply } } },
    (req) => closedDays.setWeekdays(actor(req), req.body.weekdays, req.body.affectedBookings),
  )

  app.get(
    '/schedule/holidays/:date/impact',
    { onRequest, schema: { params: HolidayParams, response: { 200: ImpactReply } } },
    (req) => closedDays.holidayImpact(req.params.date),
  )

  app.post(
    '/schedule/holidays',
    { onRequest, schema: { body: AddHolidayBody, response: { 201: HolidayReply } } },
    async (req, reply) =>
      reply.code(201).send(await closedDays.addHoliday(actor(req), req.body, req.body.affectedBookings)),
  )

  app.delete(
    '/schedule/holidays/:date',
    { onRequest, schema: { params: HolidayParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await closedDays.removeHoliday(actor(req), req.params.date)
      return reply.code(204).send(null)
    },
  )
}
