import { GENERIC_ERROR_MESSAGE } from '@shared/errors'
import { PLAIN_TEXT_MESSAGE } from '@shared/text'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { pgErrorCode } from '../db/pg-error'
import { AppError } from '../errors'

/** Framework errors that are the client's fault, with the message a person should read. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
  FST_ERR_BAD_URL: 'This address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
}

/**
 * Text PostgreSQL cannot store: NUL (22021 character_not_in_repertoire) or a character outside
 * the database's encoding (22P05). The request schemas refuse it first; this is the net below them.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05'])

/** AppError and bad input become `{ message }`; anything else a logged 500 that tells nothing. */
function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.code(error.statusCode).send({ message: error.message })
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [issue] = error.validation
    return reply.code(400).send({ message: issue?.message ?? 'The request is invalid.' })
  }
  if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
    return reply.code(400).send({ message: PLAIN_TEXT_MESSAGE })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const message =
      clientErrorMessages[error.code] ??
      (error instanceof SyntaxError ? clientErrorMessages.FST_ERR_CTP_INVALID_JSON_BODY : undefined)
    return reply.code(status).send({ message: message ?? 'The request is invalid.' })
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send({ message: GENERIC_ERROR_MESSAGE })
}

/** One error handler for the routes. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answer)
}

/** Fastify's `frameworkErrors` option: the router's refusals (a malformed or over-long path) too. */
export const frameworkErrors = answer
