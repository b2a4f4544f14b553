import { ErrorReply } from '@shared/errors'
import { MetricsText } from '@shared/metrics'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../errors'
import { registerDatabaseGauges } from './database-gauges'
import { scraperAccess } from './scraper-access'

/**
 * Prometheus's scrape (decision 0024). Anyone else gets the 404 of an unknown path, so the route
 * does not tell the internet it exists.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { metrics } = app
  registerDatabaseGauges(metrics.registry, app.database)
  const mayScrape = scraperAccess(app.config.metricsToken)

  // The answer is text: a string with its own type goes out past the JSON serializer, so the
  // schema only documents it.
  app.get(
    '/metrics',
    {
      onRequest: async (request) => {
        if (!mayScrape(request)) throw notFound()
      },
      schema: { response: { 200: MetricsText, 404: ErrorReply } },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.scrape()),
  )
}
