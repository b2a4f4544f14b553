/** An error answer of the API (`{ message }`), or status 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
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
  /** Sent as JSON. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

/**
 * One JSON call to our API (same origin, so the session cookie goes along where its path allows).
 * Resolves with the parsed answer (undefined for 204) or throws an `ApiError` carrying the
 * server's message, which the screens show as it is.
 */
export async function fetchJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  // Fastify rejects an empty body sent as JSON, so the header goes only with a body.
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError(0, NETWORK_ERROR_MESSAGE)
  }
  if (response.status === 204) return undefined as T
  const body: unknown = await response.json().catch(() => null)
  if (response.ok) return body as T
  throw new ApiError(response.status, messageOf(body) ?? UNEXPECTED_MESSAGE)
}

/** What to show the user for a failed call: the server's message, or a generic line. */
export function userMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE
}

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null
  return typeof body.message === 'string' ? body.message : null
}

/**
 * Query retry rule: the spec's 3 retries (section 9) help against a flaky network or a busy
 * server, never against a refusal (4xx), which would only come back the same.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 3
}
