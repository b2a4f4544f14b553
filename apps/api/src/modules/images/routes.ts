import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** Our own image host: admins upload doctor photos (issue 13). */
export const imagesRoutes: FastifyPluginAsyncZod = async () => {}
