import {
  AppOptionsQuery,
  AppOptionsReply,
  ClinicCalendarReply,
  PricesReply,
  SpecialtyReply,
} from '@shared/clinic'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type PreparedBody, sendPrepared } from '../../lib/prepared-body'
import { clinicService } from './service'

export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  const clinic = clinicService({
    db: app.database.db,
    timeZone: app.config.clinicTimeZone,
    now: () => app.now(),
    availability: app.availability,
  })

  app.get(
    '/appOptions',
    { schema: { querystring: AppOptionsQuery, response: { 200: AppOptionsReply } } },
    (req, reply) => {
      // Fastify sends bytes as they are; these were serialized through AppOptionsReply.
      const send = (body: PreparedBody) => {
        sendPrepared(req, reply.type('application/json; charset=utf-8'), body)
      }
      const body = clinic.appOptionsBody(req.query.date)
      if (body instanceof Promise) return body.then(send)
      // A kept day is sent at once: a promise per request is work a busy day pays (decision 0082).
      send(body)
    },
  )

  app.get('/appointmentSpecialty', { schema: { response: { 200: SpecialtyReply } } }, async () => ({
    specialty: await clinic.specialty(),
  }))

  app.get('/prices', { schema: { response: { 200: PricesReply } } }, async () => ({
    treatments: await clinic.prices(),
  }))

  app.get('/clinicCalendar', { schema: { response: { 200: ClinicCalendarReply } } }, () => clinic.calendar())
}
