import { GENERIC_ERROR_MESSAGE } from '@shared/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../errors'

/** Framework errors that are the client's fault, with the message a person should read. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
}

/** One error handler: AppError and bad input become `{ message }`; anything else a logged 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ message: error.message })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [issue] = error.validation
      return reply.code(400).send({ message: issue?.message ?? 'The request is invalid.' })
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
  })
}
