import type { FastifyRequest } from 'fastify'

/**
 * Structured JSON logs without secrets: request lines carry the path without its query string
 * (password-reset and sign-in links carry tokens there) and no headers at all, so bearer tokens
 * and session cookies never reach a log.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  }
}
