import { SiteFileText } from '@shared/site-files'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { robotsTxt, sitemapXml } from './site-files'

// Text, not JSON: a string goes out past the JSON serializer, so the schema only documents it.
const schema = { response: { 200: SiteFileText } }

/** The files search engines ask for at the site's root. */
export const siteFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const sitemap = sitemapXml(app.config.publicUrl)
  const robots = robotsTxt(app.config.publicUrl)
  app.get('/sitemap.xml', { schema }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemap),
  )
  app.get('/robots.txt', { schema }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  )
}
