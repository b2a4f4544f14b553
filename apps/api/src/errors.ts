import type { ErrorCode } from '@shared/errors'

/**
 * The one error type of the API: a code from the shared list (what clients branch on), an HTTP
 * status and a message written for the person using the app. The error handler turns it into
 * `{ code, message }`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message)
export const unauthorized = (message = 'Please sign in again.') => new AppError('UNAUTHORIZED', 401, message)
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError('FORBIDDEN', 403, message)
