import { z } from 'zod'

/** What our image host takes. Judged by the file's content, never its name or header. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const IMAGE_MAX_PIXELS = 40_000_000
/** Stored images are re-encoded as WebP with their longest side at most this many pixels. */
export const IMAGE_MAX_SIDE = 1024
/** The multipart field of `POST /api/images` (spec section 7's image host). */
export const IMAGE_FIELD = 'image'
/**
 * Where stored images are served; a doctor's image URL must be one of these. The host answers
 * the relative form `/uploads/<name>`; the absolute form on PUBLIC_URL's origin is accepted too.
 */
export const UPLOADS_PATH = '/uploads/'

export const IMAGE_MESSAGES = {
  missing: 'image is Required',
  invalid: 'Please choose a JPEG, PNG or WebP image.',
  tooLarge: 'This image is too large. Please choose one under 5 MB and 40 megapixels.',
} as const

/** The image host's reply, in the shape the spec's client reads (`success`, `data.url`). */
export const ImageUploadReply = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
})
export type ImageUploadReply = z.infer<typeof ImageUploadReply>

/** `GET /uploads/:name`: a stored image's name (anything but our own random names is a 404). */
export const StoredImageParams = z.object({ name: z.string().max(100) })
