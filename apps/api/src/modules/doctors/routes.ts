import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** The clinic's doctors (spec sections 2 and 7; issue 13). */
export const doctorsRoutes: FastifyPluginAsyncZod = async () => {}
