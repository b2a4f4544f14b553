import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // The toast library injects its styles at run time; scripts stay 'self' only.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
}

/**
 * Stripe's hosts (its security guide), allowed only when Stripe is the provider. The web app is
 * one page that navigates without reloading, so they cannot be limited to the payment route.
 */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
}

function contentSecurityPolicyFor(stripe: boolean) {
  if (!stripe) return contentSecurityPolicy
  const { directives } = contentSecurityPolicy
  return {
    ...contentSecurityPolicy,
    directives: {
      ...directives,
      scriptSrc: [...directives.scriptSrc, ...STRIPE_SOURCES.scriptSrc],
      frameSrc: STRIPE_SOURCES.frameSrc,
      connectSrc: [...directives.connectSrc, ...STRIPE_SOURCES.connectSrc],
    },
  }
}

/** The headers helmet would set, computed once: none of them depends on the request. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as never, response as never, () => {})
  return headers
}

/**
 * Security headers: the full helmet set with a strict Content-Security-Policy on the web app,
 * and the OWASP REST essentials on JSON API answers (no caching of personal data, no
 * framing, no sniffing). Precomputed instead of @fastify/helmet's per-request hooks, which halved
 * throughput (docs/decisions/0004-precomputed-security-headers.md). No CORS plugin is
 * registered, so other origins cannot read the API.
 */
export function registerSecurityHeaders(app: FastifyInstance, { stripe }: { stripe: boolean }): void {
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: contentSecurityPolicyFor(stripe),
    crossOriginEmbedderPolicy: false,
  })
  // Framing, sniffing and caching are what matter on JSON; HSTS comes with every page.
  const apiHeaders = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : documentHeaders)
    done()
  })
}
