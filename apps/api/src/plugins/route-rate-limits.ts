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
    // One server on PGlite counts in its memory; servers sharing a PostgreSQL count in it.
    ...(app.database.kind === 'postgres' ? { store: sharedRateLimitStore(app.database.db) } : {}),
  })
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
