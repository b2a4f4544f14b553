import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { appRouteOf, SERVER_RENDERED_ROUTES } from '@shared/app-routes'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { notFound } from '../errors'
import { type PreparedBody, sendPrepared } from '../lib/prepared-body'
import { createPageRenderer } from './page-renderer'
import { createRouteShells } from './route-shells'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const serverRendered = new Set<string>(SERVER_RENDERED_ROUTES)
// Every address that is no page renders as this one: the same 'Page not found' whatever was asked.
const NOT_FOUND_PAGE = '/page-not-found'

/**
 * Serves the built web app: hashed assets cached for a year, pages always revalidated. The public
 * pages are rendered on the server (decision 0043); every other page address is answered with
 * index.html so the client router can take it: with 200 for the app's pages, with 404 for any
 * other, which shows 'Page not found'.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'))
  const renderedPage = hasBuild ? createPageRenderer(app, webDir) : null
  const routeShell = hasBuild ? createRouteShells(webDir) : null
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      cacheControl: false,
      // `/` is a page like the others, answered below.
      index: false,
      allowedPath: (pathname) => pathname !== '/',
      // The build's notes for its tests (`.vite/manifest.json`, the chunk list) are not the site's.
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(webDir, 'assets') + path.sep)
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE)
      },
    })
  }
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '', query] = request.url.split('?')
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api')
    if (!hasBuild || !isPageRequest || path.extname(pathname) !== '') throw notFound()
    const route = appRouteOf(pathname)
    const status = route ? 200 : 404
    // Only the exact addresses: a query string or another spelling would make every request a new render.
    const renderAs =
      status === 404 ? NOT_FOUND_PAGE : query === undefined && serverRendered.has(pathname) ? pathname : null
    const page = renderAs && renderedPage ? await renderOrNull(request, () => renderedPage(renderAs)) : null
    if (page) return sendPage(request, reply.code(status), page)
    const shell = route && routeShell ? await routeShell(route) : null
    if (shell) return sendPage(request, reply.code(status), shell)
    return reply.code(status).header('Cache-Control', REVALIDATE).sendFile('index.html')
  })
}

/** A page that fails to render is rendered by the browser instead; the failure goes to the log. */
async function renderOrNull(request: FastifyRequest, render: () => Promise<PreparedBody | null>) {
  try {
    return await render()
  } catch (error) {
    request.log.error({ err: error }, 'page not rendered on the server')
    return null
  }
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: PreparedBody) {
  return sendPrepared(
    request,
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8'),
    page,
  )
}
