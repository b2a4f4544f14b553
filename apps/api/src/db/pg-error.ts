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
