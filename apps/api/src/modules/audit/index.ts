/**
 * The audit log's writer, which every module that changes something uses; the admins read the
 * log through the audit-log module.
 */
export { type AuditEntry, type AuditEvent, audit, byAccount } from './audit'
