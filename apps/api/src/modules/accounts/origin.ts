import type { FastifyRequest } from 'fastify'

/** Where a request came from, for the audit log and the session record. */
export interface Origin {
  address: string
  userAgent?: string
}

export const originOf = (request: FastifyRequest): Origin => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
})
