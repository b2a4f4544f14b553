import { PLAIN_TEXT_MESSAGE } from '@shared/text'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors'

/**
 * Query fields must arrive as text. Fastify's query parser keeps a percent-encoding that is not
 * UTF-8 (a lone surrogate, a stray byte) as its raw `%ED%A0%80`, which no schema can tell from
 * typed characters; such a query is refused as the schemas refuse control characters.
 */
async function refuseUndecodableQuery(request: FastifyRequest): Promise<void> {
  const start = request.url.indexOf('?')
  if (start === -1) return
  try {
    decodeURIComponent(request.url.slice(start + 1))
  } catch {
    throw new AppError('VALIDATION', PLAIN_TEXT_MESSAGE)
  }
}

/** Adds the check to every route that reads a query (registered before the routes). */
export function refuseUndecodableQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return
    route.preValidation = [refuseUndecodableQuery, ...[route.preValidation ?? []].flat()]
  })
}
