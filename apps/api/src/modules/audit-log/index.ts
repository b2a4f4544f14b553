/** The admins' reading of the audit log. */
export { auditLogRoutes } from './routes'
