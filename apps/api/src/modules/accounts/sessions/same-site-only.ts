import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import { forbidden } from '../../../errors'

const REFUSED_MESSAGE = 'This request must come from the portal itself.'

/**
 * Refuses a cross-site request to an endpoint that acts on the session cookie (decision 0014), so
 * another site cannot sign a visitor out or spend their session. The browser's Sec-Fetch-Site
 * decides when it says cross-site or same-origin; otherwise a present Origin must be ours.
 * Clients that send neither (curl, tests, older browsers' own GETs) carry no victim's cookie.
 * `topLevelNavigation` lets in the return from Google, a cross-site navigation of the whole page,
 * which state, nonce, PKCE and the signed pending cookie already bind to this browser.
 */
export function sameSiteOnly(options: { topLevelNavigation?: boolean } = {}): onRequestHookHandler {
  return async (request) => {
    if (isCrossSite(request) && !(options.topLevelNavigation && isTopLevelNavigation(request))) {
      throw forbidden(REFUSED_MESSAGE)
    }
  }
}

function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site') return true
  // The browser's own word; the Origin may still differ when a proxy rewrote Host (Vite in dev).
  if (site === 'same-origin') return false
  const origin = request.headers.origin
  return origin !== undefined && !isOwnOrigin(origin, request)
}

function isOwnOrigin(origin: string, request: FastifyRequest): boolean {
  if (origin === new URL(request.server.config.publicUrl).origin) return true
  try {
    return new URL(origin).host === request.host
  } catch {
    return false
  }
}

const isTopLevelNavigation = (request: FastifyRequest) =>
  request.method === 'GET' &&
  request.headers['sec-fetch-mode'] === 'navigate' &&
  request.headers['sec-fetch-dest'] === 'document' &&
  request.headers.origin === undefined
