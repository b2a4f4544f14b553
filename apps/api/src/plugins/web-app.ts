import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { isAppRoute } from '@shared/app-routes'
import type { FastifyInstance } from 'fastify'
import { notFound } from '../errors'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * Serves the built web app: hashed assets cached for a year, index.html always revalidated,
 * and every page address answered with index.html so the client router can take it: with 200
 * for the app's pages, with 404 for any other, which the router shows as 'Page not found'.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      cacheControl: false,
      // The build's notes for its tests (`.vite/manifest.json`, the chunk list) are not the site's.
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep)
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE)
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')
    if (!hasBuild || !isPageRequest || path.extname(pathname) !== '') throw notFound()
    return reply.code(isAppRoute(pathname) ? 200 : 404).sendFile('index.html')
  })
}
