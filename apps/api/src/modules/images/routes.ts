import multipart from '@fastify/multipart'
import { ImageUploadReply } from '@shared/images'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { startOrphanSweeper } from './orphan-sweep'
import { imageService } from './service'
import { receiveImage, UPLOAD_LIMITS } from './upload-body'

/**
 * Our own image host: admins upload doctor photos (decision 0019), `POST /api/images` with the
 * multipart field `image` → `{success: true, data: {url}}` (the spec's image-hosting reply).
 * The multipart parser is registered here only, so no other route takes a form.
 */
export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, storage: app.storage, now: () => app.now() }
  const images = imageService(deps)
  await app.register(multipart, { limits: UPLOAD_LIMITS })
  const sweeper = startOrphanSweeper({ ...deps, log: app.log })
  app.addHook('onClose', () => sweeper.close())

  app.post(
    '/images',
    {
      // onRequest: a caller who is not an admin is refused before a byte of the file is read.
      onRequest: app.requireAdmin,
      schema: { response: { 200: ImageUploadReply } },
    },
    async (request) => ({
      success: true as const,
      data: { url: await images.upload(await receiveImage(request)) },
    }),
  )
}
