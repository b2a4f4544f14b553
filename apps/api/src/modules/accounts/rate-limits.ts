import type { FastifyInstance } from 'fastify'
import { registerRouteRateLimits } from '../../plugins/route-rate-limits'

/**
 * Per-address limits of the account endpoints (decision 0014). Per-account limits (failed logins,
 * reset mails) are counted in the audit log instead, so they hold across servers and restarts.
 */
export const rateLimits = {
  login: { max: 20, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '15 minutes' },
  /** The web app renews its token every few minutes per tab, and restores the session per page load. */
  refresh: { max: 120, timeWindow: '1 minute' },
  passwordReset: { max: 5, timeWindow: '15 minutes' },
  passwordResetConfirm: { max: 10, timeWindow: '15 minutes' },
  google: { max: 20, timeWindow: '1 minute' },
  verifyEmail: { max: 10, timeWindow: '15 minutes' },
  verifyEmailResend: { max: 5, timeWindow: '15 minutes' },
  signInLink: { max: 10, timeWindow: '15 minutes' },
}

/** Registers the limiter for the account routes; each route names its limit. */
export const registerRateLimits = (app: FastifyInstance) =>
  registerRouteRateLimits(app, (after) => `Too many attempts. Please try again in ${after}.`)
