/** How long a client may take, in milliseconds (decision 0014). */
export interface ServerTimeouts {
  /** The whole request, headers and body: a half-sent body cannot hold a socket longer. */
  requestMs: number
  headersMs: number
  /** An idle connection between two requests. */
  keepAliveMs: number
  /** A socket on which nothing moves at all (also a client that stops reading its answer). */
  idleMs: number
  /** Node looks for expired requests only this often; its default of 30 s would double the limit. */
  checkIntervalMs: number
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
  checkIntervalMs: 1_000,
}

/** Fastify's options for these timeouts; `http` reaches Node's `http.createServer`. */
export const serverTimeoutOptions = (timeouts: ServerTimeouts) => ({
  requestTimeout: timeouts.requestMs,
  keepAliveTimeout: timeouts.keepAliveMs,
  connectionTimeout: timeouts.idleMs,
  http: {
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  },
})
