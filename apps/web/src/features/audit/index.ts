/* The audit feature's public file: what the rest of the app may use of it. */
export { auditLoader } from './audit-loader'
