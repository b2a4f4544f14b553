import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { type ErrorCode, type ErrorReply, GENERIC_ERROR_MESSAGE } from '@shared/errors'
import { PLAIN_TEXT_MESSAGE } from '@shared/text'
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable, pgErrorCode } from '../db/pg-error'
import { AppError } from '../errors'

const INVALID_REQUEST = 'The request is invalid.'

/** Framework errors that are the client's fault, with the message a person should read. */
const clientErrors: Record<string, ErrorReply> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_BODY', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_BODY', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'INVALID_BODY',
    message: 'The request length does not match its body.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported.',
  },
  FST_ERR_BAD_URL: { code: 'BAD_URL', message: 'This address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'BAD_URL', message: 'This address is too long.' },
}

/** Any other client error of a framework or plugin (static files' 403 or 416, …): a code by status. */
const codeByStatus: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'BAD_URL',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

/**
 * Text PostgreSQL cannot store: NUL (22021 character_not_in_repertoire) or a character outside
 * the database's encoding (22P05). The request schemas refuse it first; this is the net below them.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])

/**
 * A date or time PostgreSQL cannot read: 22007 invalid_datetime_format, 22008
 * datetime_field_overflow (year 0, month 13). The schemas refuse them first.
 */
const UNREADABLE_DATETIME = new Set(['22007', '22008'])
const DATETIME_MESSAGE = 'This date or time is not valid.'
const DATABASE_DOWN_MESSAGE = 'The clinic’s database is not answering. Please try again in a moment.'

const refuse = (reply: FastifyReply, status: number, body: ErrorReply) => reply.code(status).send(body)

/** AppError and bad input become `{ code, message }`; anything else a logged 500 that tells nothing. */
function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return refuse(reply, error.statusCode, { code: error.code, message: error.message })
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation
    return refuse(reply, 400, { code: 'VALIDATION', message: issue?.message ?? INVALID_REQUEST })
  }
  if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
    return refuse(reply, 400, { code: 'VALIDATION', message: PLAIN_TEXT_MESSAGE })
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable')
    return refuse(reply, 503, { code: 'DATABASE_DOWN', message: DATABASE_DOWN_MESSAGE })
  }
  if (UNREADABLE_DATETIME.has(pgErrorCode(error) ?? '')) {
    return refuse(reply, 400, { code: 'VALIDATION', message: DATETIME_MESSAGE })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const known =
      clientErrors[error.code] ??
      (error instanceof SyntaxError ? clientErrors.FST_ERR_CTP_INVALID_JSON_BODY : undefined)
    return refuse(
      reply,
      status,
      known ?? { code: codeByStatus[status] ?? 'VALIDATION', message: INVALID_REQUEST },
    )
  }
  request.log.error({ err: error }, 'unhandled error')
  return refuse(reply, 500, { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE })
}

/** What Node's HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`). */
const socketRefusals: Record<string, { status: number; body: ErrorReply }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive. Please try again.' },
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large.' },
  },
}
const MALFORMED_REQUEST = { status: 400, body: { code: 'VALIDATION', message: INVALID_REQUEST } } as const

/** Fastify's default, with our body: it answers on the raw socket and closes it. */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const { status, body } = socketRefusals[error.code] ?? MALFORMED_REQUEST
  const json = JSON.stringify(body)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${json}`,
    )
  }
  socket.destroy(error)
}

/** One error handler for the routes. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answer)
}

/** Fastify's `frameworkErrors` option: the router's refusals (a malformed or over-long path) too. */
export const frameworkErrors = answer
