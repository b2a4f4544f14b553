import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../errors'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * Serves the built web app: hashed assets cached for a year, index.html always revalidated,
 * and every unknown non-API GET answered with index.html so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep)
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE)
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')
    if (!hasBuild || !isPageRequest || path.extname(request.url.split('?')[0] ?? '') !== '') {
      throw notFound()
    }
    return reply.sendFile('index.html')
  })
}
