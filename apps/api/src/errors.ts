import { ERROR_STATUS, type ErrorCode } from '@shared/errors'

/**
 * The one error type of the API: a code from the shared list (what clients branch on; its HTTP
 * status comes with it from the same list) and a message written for the person using the app.
 * The error handler turns it into `{ code, message }`.
 */
export class AppError extends Error {
  readonly statusCode: number

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = ERROR_STATUS[code]
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message)
export const unauthorized = (message = 'Please sign in again.') => new AppError('UNAUTHORIZED', message)
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message)
