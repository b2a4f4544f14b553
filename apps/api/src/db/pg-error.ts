/** What a failed query tells about its cause, from either driver (Drizzle wraps it in `cause`). */
export interface PgErrorFields {
  /** SQLSTATE, e.g. '23505' for a unique violation. */
  code?: string
  /** The constraint (or trigger-raised CONSTRAINT) that refused the row. */
  constraint?: string
}

export function pgError(error: unknown): PgErrorFields {
  const e = error as (PgErrorFields & { cause?: PgErrorFields }) | undefined
  return (e?.cause?.code ? e.cause : e) ?? {}
}

/** The pg error code of a failed query, from either driver. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error).code

/** Socket errors of a connection that could not be made or was lost. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
])
/** What node-postgres says when a connection ends, or cannot be had in time, without a SQLSTATE. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/

/**
 * Whether a query failed because the database could not be reached, rather than for anything
 * the request did: no connection, a connection lost, SQLSTATE class 08 (connection exception) or
 * 57P01–57P03 (the server is shutting down or starting).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    const code = e.code ?? ''
    if (CONNECTION_ERRORS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true
    if (CONNECTION_MESSAGES.test(e.message ?? '')) return true
  }
  return false
}
