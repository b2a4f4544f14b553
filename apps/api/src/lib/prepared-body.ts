import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A body built once and sent many times (a rendered page, a day's free slots): kept as bytes, so no
 * request encodes the text again, and gzipped once, for the clients that accept it (every browser).
 */
export interface PreparedBody {
  plain: Buffer
  gzipped: Buffer
}

const gzipAsync = promisify(gzip)

export async function prepareBody(content: string): Promise<PreparedBody> {
  const plain = Buffer.from(content)
  return { plain, gzipped: await gzipAsync(plain) }
}

const LISTS_GZIP = /(?:^|,)\s*(?:gzip|\*)\s*(?:,|$)/i

/** Whether an Accept-Encoding header admits gzip: named, or by `*`, with a weight above 0. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined) return false
  // Browsers send a plain list ('gzip, deflate, br, zstd'): no weights to read.
  if (!acceptEncoding.includes(';')) return LISTS_GZIP.test(acceptEncoding)
  let gzipWeight: number | undefined
  let anyWeight: number | undefined
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    if (name === 'gzip') gzipWeight = weight
    else if (name === '*') anyWeight = weight
  }
  return (gzipWeight ?? anyWeight ?? 0) > 0
}

/** Sends the gzipped form to a client that accepts it; caches on the way learn the answer varies. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody): FastifyReply {
  const gzipped = acceptsGzip(request.headers['accept-encoding'])
  reply.header('Vary', 'Accept-Encoding')
  if (gzipped) reply.header('Content-Encoding', 'gzip')
  return reply.send(gzipped ? body.gzipped : body.plain)
}
