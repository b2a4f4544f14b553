import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** The day's agenda for the front desk, with attendance and CSV export (issue 13). */
export const agendaRoutes: FastifyPluginAsyncZod = async () => {}
