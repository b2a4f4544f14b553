import { AgendaQuery, AgendaReply, AttendanceBody, AttendanceParams, AttendanceReply } from '@shared/agenda'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { announcedCache } from '../../db/announced-cache'
import { currentUser, originOf } from '../accounts'
import { AGENDA_DAYS_KEPT, agendaService } from './service'

/** The day's agenda for the front desk, with attendance and CSV export (decision 0019). */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const agenda = agendaService({
    db: app.database.db,
    now: () => app.now(),
    timeZone: app.config.clinicTimeZone,
    // A day's agenda changes with its bookings (and closed days, treatments) and with what
    // migration 0023 announces: refunds, reminders, the waitlist, patients' addresses.
    days: await announcedCache(app.database, ['availability_changed', 'agenda_changed'], AGENDA_DAYS_KEPT),
  })
  const onRequest = app.requireAdmin

  app.get(
    '/agenda',
    { onRequest, schema: { querystring: AgendaQuery, response: { 200: AgendaReply } } },
    (req) => agenda.day(req.query.date),
  )

  // The answer is the file's text: a string with a text/csv type goes out as it is, past the
  // JSON serializer, so the schema only documents it. Errors are still `{code, message}`.
  app.get(
    '/agenda.csv',
    { onRequest, schema: { querystring: AgendaQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { date, csv } = await agenda.csv(req.query.date)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="agenda-${date}.csv"`)
        .send(csv)
    },
  )

  app.put(
    '/agenda/:bookingId/attendance',
    {
      onRequest,
      schema: { params: AttendanceParams, body: AttendanceBody, response: { 200: AttendanceReply } },
    },
    async (req) => ({
      booking: await agenda.markAttendance(
        currentUser(req),
        req.params.bookingId,
        req.body.attendance,
        originOf(req),
      ),
    }),
  )
}
