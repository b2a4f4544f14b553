import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Treatments, slots, closed weekdays and holidays, edited by admins (issue 13). */
export const scheduleRoutes: FastifyPluginAsyncZod = async () => {}
