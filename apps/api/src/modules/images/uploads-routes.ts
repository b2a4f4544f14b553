import { StoredImageParams } from '@shared/images'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../errors'
import { imageService } from './service'

/** A stored name is random and never reused, so its bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the images the host stored, at `/uploads/<name>` (outside /api: they are the web app's
 * images, under its Content-Security-Policy's img-src 'self'). Only a name of a row of ours is
 * read from storage; the Content-Type is the row's, and nosniff forbids guessing another. The
 * reply is the file's bytes, so it has no JSON schema.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = imageService({
    db: app.database.db,
    storage: app.storage,
    now: () => app.now(),
  })

  app.get('/uploads/:name', { schema: { params: StoredImageParams } }, async (request, reply) => {
    const image = await images.read(request.params.name)
    if (!image) throw notFound()
    return reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMMUTABLE)
      .send(image.bytes)
  })
}
