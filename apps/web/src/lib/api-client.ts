import { currentEmail, renewAccessToken } from './auth/token-renewal'
import { isTokenFresh, readAccessToken } from './auth/token-store'
import { ApiError, fetchJson, type RequestOptions } from './http'

// A token this close to its expiry is renewed before the call rather than after a 401.
const EXPIRY_MARGIN_MS = 10_000

/**
 * The access token to send now, renewed first when it is about to expire; exported for calls
 * that answer something other than JSON (the agenda's CSV file).
 */
export async function usableToken(): Promise<string | null> {
  const token = readAccessToken()
  const email = currentEmail()
  if (!email || isTokenFresh(token, email, EXPIRY_MARGIN_MS)) return token
  return renewAccessToken(token)
}

function withBearer(options: RequestOptions, token: string | null): RequestOptions {
  if (!token) return options
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }
}

/**
 * A call to the API as the signed-in user: the access token goes as a bearer token, and a refused
 * token (UNAUTHORIZED: expired or revoked) is renewed once and the call retried. Errors are
 * `ApiError`s with the server's code and message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = await usableToken()
  try {
    return await fetchJson<T>(path, withBearer(options, token))
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'UNAUTHORIZED' || !currentEmail()) throw error
    const renewed = await renewAccessToken(token)
    if (!renewed) throw error
    return fetchJson<T>(path, withBearer(options, renewed))
  }
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>

export const api = {
  get: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
