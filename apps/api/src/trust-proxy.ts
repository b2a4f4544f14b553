import type { Config } from './config'

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 ignores a bare hop count (it cannot tell a
 * proxy from a client that connects directly and sends the same header), so a count becomes a
 * function that trusts that many hops: right only when the server is reachable through the proxy
 * alone (decision 0014).
 */
export function fastifyTrustProxy(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust
  return (_address: string, hop: number) => hop < trust
}
