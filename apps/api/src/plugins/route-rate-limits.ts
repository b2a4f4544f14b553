import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors'
import { sharedRateLimitStore } from './shared-rate-limit-store'

/**
 * Registers the limiter for the calling plugin's routes only: each route names its limit in
 * `config.rateLimit`, and a refusal answers 429 RATE_LIMITED with `message(after)` ('1 minute').
 */
export async function registerRouteRateLimits(
  app: FastifyInstance,
  message: (after: string) => string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError('RATE_LIMITED', message(context.after)),
    ...sharedCounters(app),
  })
}

/**
 * Where every server counts (decision 0022): Redis when REDIS_URL is set, else the PostgreSQL the
 * servers share; one server on PGlite counts in its memory.
 */
function sharedCounters(app: FastifyInstance) {
  // While Redis is away the limits lapse rather than refuse every sign-in and booking: the
  // guessing bound of each account still counts in the database (decision 0020).
  if (app.redis) return { redis: app.redis, nameSpace: 'rate-limit:', skipOnError: true }
  if (app.database.kind === 'postgres') return { store: sharedRateLimitStore(app.database.db) }
  return {}
}

/**
 * A limit per account, not per address (a clinic's patients may share one), counted after
 * `requireUser` and before the body is validated, so that every attempt counts.
 */
export const perAccount = (max: number, timeWindow: string) =>
  ({
    max,
    timeWindow,
    hook: 'preValidation',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  }) as const
