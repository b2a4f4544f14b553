import { PLAIN_TEXT_MESSAGE } from '@shared/text'
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { AppError } from '../errors'

/**
 * Query fields must arrive as text. Fastify's query parser keeps a percent-encoding that is not
 * UTF-8 (a lone surrogate, a stray byte) as its raw `%ED%A0%80`, which no schema can tell from
 * typed characters; such a query is refused as the schemas refuse control characters.
 */
function refuseUndecodableQuery(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // A callback hook: an async one costs every request a promise.
  done(isUndecodable(request.url) ? new AppError('VALIDATION', PLAIN_TEXT_MESSAGE) : undefined)
}

function isUndecodable(url: string): boolean {
  const start = url.indexOf('?')
  // Without a '%' there is no escape to decode: most queries end here.
  if (start === -1 || url.indexOf('%', start) === -1) return false
  try {
    decodeURIComponent(url.slice(start + 1))
    return false
  } catch {
    return true
  }
}

/** Adds the check to every route that reads a query (registered before the routes). */
export function refuseUndecodableQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return
    route.preValidation = [refuseUndecodableQuery, ...[route.preValidation ?? []].flat()]
  })
}
