import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** The audit log, read by admins (issue 13). */
export const auditLogRoutes: FastifyPluginAsyncZod = async () => {}
