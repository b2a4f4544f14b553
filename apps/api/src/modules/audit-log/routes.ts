import { AuditLogQuery, AuditLogReply } from '@shared/audit-log'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditLogService } from './service'

/** The audit log, read by admins (decision 0019). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const auditLog = auditLogService(app.database.db, app.config.clinicTimeZone)

  app.get(
    '/audit',
    { onRequest: app.requireAdmin, schema: { querystring: AuditLogQuery, response: { 200: AuditLogReply } } },
    (req) => auditLog.page(req.query),
  )
}
