import type { ErrorCode } from '@shared/errors'

/**
 * What the app branches on when a call fails: the server's code (`ERROR_CODES` in
 * packages/shared), or one of two of our own when there is none: NETWORK_ERROR (the server could
 * not be reached, status 0) and UNKNOWN_ERROR (an answer without a code, such as a proxy's page).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN_ERROR'

/** A failed call: the API's `{ code, message }` and the HTTP status (0 when there was no answer). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const NETWORK_ERROR_MESSAGE =
  'We could not reach the clinic. Please check your connection and try again.'
const UNEXPECTED_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON; a FormData is sent as multipart (an upload). */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/**
 * One JSON call to our API (same origin, so the session cookie goes along where its path allows).
 * Resolves with the parsed answer (undefined for 204) or throws an `ApiError` carrying the
 * server's code, which the app branches on, and its message, which the screens show as it is.
 */
export async function fetchJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  // A FormData goes as it is: the browser writes the multipart header with its boundary.
  const payload =
    options.body instanceof FormData || options.body === undefined
      ? options.body
      : JSON.stringify(options.body)
  // Fastify rejects an empty body sent as JSON, so the header goes only with a JSON body.
  if (typeof payload === 'string') headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE)
  }
  if (response.status === 204) return undefined as T
  const body: unknown = await response.json().catch(() => null)
  if (response.ok) return body as T
  const reply = errorReplyOf(body)
  throw new ApiError(response.status, reply.code ?? 'UNKNOWN_ERROR', reply.message ?? UNEXPECTED_MESSAGE)
}

/** What to show the user for a failed call: the server's message, or a generic line. */
export function userMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE
}

/**
 * The `{ code, message }` of an error answer, as far as it is there. The code is not checked
 * against `ERROR_CODES` at run time: that list comes with zod, which the first page does not
 * load. A code this build does not know matches none of its branches, so it does no harm.
 */
function errorReplyOf(body: unknown): { code?: ErrorCode; message?: string } {
  if (typeof body !== 'object' || body === null) return {}
  const { code, message } = body as Record<string, unknown>
  return {
    ...(typeof code === 'string' && code ? { code: code as ErrorCode } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  }
}

// Failures of the server or the way to it; any other code is a refusal.
const TRANSIENT_FAILURES: ReadonlySet<ApiErrorCode> = new Set(['NETWORK_ERROR', 'INTERNAL', 'DATABASE_DOWN'])

function isRefusal(error: ApiError): boolean {
  // Without a code only the status tells: 4xx is the client's fault.
  if (error.code === 'UNKNOWN_ERROR') return error.status >= 400 && error.status < 500
  return !TRANSIENT_FAILURES.has(error.code)
}

/**
 * Query retry rule: the spec's 3 retries (section 9) help against a flaky network or a busy
 * server, never against a refusal, which would only come back the same.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && isRefusal(error)) return false
  return failureCount < 3
}
