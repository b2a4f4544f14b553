import {
  AppOptionsQuery,
  AppOptionsReply,
  ClinicCalendarReply,
  PricesReply,
  SpecialtyReply,
} from '@shared/clinic'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendPrepared } from '../../lib/prepared-body'
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
    async (req, reply) => {
      // Fastify sends bytes as they are; these were serialized through AppOptionsReply.
      const body = await clinic.appOptionsBody(req.query.date)
      return sendPrepared(req, reply.type('application/json; charset=utf-8'), body)
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
