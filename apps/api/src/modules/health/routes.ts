import { HealthReply } from '@shared/health'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthReply } } }, async () => {
    await app.database.db.execute(sql`SELECT 1`)
    return { status: 'ok' as const, database: app.database.kind }
  })
}
