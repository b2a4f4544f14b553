import { createHash, timingSafeEqual } from 'node:crypto'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyRequest } from 'fastify'

const isLoopback = proxyAddr.compile('loopback')

/** Headers a proxy adds; on a request from loopback they mean that the client is elsewhere. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip']

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Who may read the metrics (decision 0024): a request carrying `Authorization: Bearer
 * METRICS_TOKEN`, from anywhere; or one whose socket comes from loopback and that no proxy
 * forwarded. The socket's address, never `request.ip`: behind the TLS proxy every visitor's
 * socket is the proxy's, on loopback, so a forwarded request is not local whatever TRUST_PROXY
 * says. Tokens are compared as digests of equal length, in constant time.
 */
export function scraperAccess(metricsToken: string | undefined) {
  const expected = metricsToken === undefined ? undefined : digest(metricsToken)
  const hasToken = (authorization: string | undefined) => {
    const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
    return expected !== undefined && presented !== undefined && timingSafeEqual(digest(presented), expected)
  }
  const isLocal = (request: FastifyRequest) => {
    const address = request.socket.remoteAddress
    return (
      address !== undefined &&
      isLoopback(address, 0) &&
      FORWARDED_HEADERS.every((header) => request.headers[header] === undefined)
    )
  }
  return (request: FastifyRequest): boolean => hasToken(request.headers.authorization) || isLocal(request)
}
