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

/**
 * The narrower copies stored beside each full image (decision 0041), for `srcset`: a 320 px card
 * on a wide screen downloads the 320 px one, a phone's full-width card the 640 px one (at its
 * pixel density). A copy is only made when the full image is wider.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640] as const
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number]

/** A full image's name: our random 32 hex digits and the stored format's extension. */
const FULL_NAME = /^([0-9a-f]{32})\.([a-z]{3,4})$/
/** A copy's name: the full image's with `w<width>` before the extension (one rule, both sides). */
const VARIANT_NAME = /^([0-9a-f]{32})w(\d{3,4})\.([a-z]{3,4})$/

export const isFullImageName = (name: string) => FULL_NAME.test(name)

/** The name of the full image's copy `width` pixels wide. */
export function imageVariantName(fullName: string, width: ImageVariantWidth): string {
  const [, stem, extension] = FULL_NAME.exec(fullName) ?? []
  if (!stem) throw new Error('not a full image name')
  return `${stem}w${width}.${extension}`
}

/** A served name → the full image it belongs to, and the copy's width (undefined: the full one). */
export function parseImageName(name: string): { fullName: string; width?: ImageVariantWidth } | undefined {
  if (FULL_NAME.test(name)) return { fullName: name }
  const [, stem, width, extension] = VARIANT_NAME.exec(name) ?? []
  const known = IMAGE_VARIANT_WIDTHS.find((w) => String(w) === width)
  return stem && known ? { fullName: `${stem}.${extension}`, width: known } : undefined
}

/** `/uploads/<full name>` at the end of a stored image's URL, relative or absolute. */
const STORED_URL = /^(.*\/uploads\/)([0-9a-f]{32}\.[a-z]{3,4})$/

/**
 * The `srcset` of a stored image's URL: each copy by its width, then the full image at
 * IMAGE_MAX_SIDE (it may be narrower; the browser only compares the numbers). Undefined for a
 * URL that is not one of ours (it has no copies).
 */
export function imageSrcSet(url: string): string | undefined {
  const [, base, fullName] = STORED_URL.exec(url) ?? []
  if (!base || !fullName) return undefined
  const copies = IMAGE_VARIANT_WIDTHS.map((width) => `${base}${imageVariantName(fullName, width)} ${width}w`)
  return [...copies, `${url} ${IMAGE_MAX_SIDE}w`].join(', ')
}
