import { ErrorReply } from '@shared/errors'
import { HealthReply } from '@shared/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors'
import { startDatabaseProbe } from './database-probe'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const probe = await startDatabaseProbe(app.database.db)
  app.addHook('onClose', async () => probe.stop())
  const reply = { status: 'ok' as const, database: app.database.kind }

  // Synchronous: it reads no database, and a promise per poll is work a load balancer makes often.
  app.get('/health', { schema: { response: { 200: HealthReply, 503: ErrorReply } } }, () => {
    if (!probe.isHealthy()) throw new AppError('DATABASE_DOWN', 'The database is not answering.')
    return reply
  })
}
