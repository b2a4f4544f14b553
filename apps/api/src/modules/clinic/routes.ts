import { AppOptionsQuery, AppOptionsReply, ClinicCalendarReply, SpecialtyReply } from '@shared/clinic'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
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
    async (req) => ({ options: await clinic.appOptions(req.query.date) }),
  )

  app.get('/appointmentSpecialty', { schema: { response: { 200: SpecialtyReply } } }, async () => ({
    specialty: await clinic.specialty(),
  }))

  app.get('/clinicCalendar', { schema: { response: { 200: ClinicCalendarReply } } }, () => clinic.calendar())
}
