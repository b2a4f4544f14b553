import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantWidth,
} from '@shared/images'
import type { Sharp } from 'sharp'
import { imageInvalid, imageTooLarge } from './image-errors'

type Format = 'jpeg' | 'png' | 'webp'

export interface EncodedImage {
  bytes: Buffer
  contentType: 'image/webp'
  extension: 'webp'
  width: number
  height: number
  /** The narrower copies (decision 0041): only those narrower than the full image. */
  variants: { width: ImageVariantWidth; bytes: Buffer }[]
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** What the first bytes say the file is. Its name and its part's Content-Type are the client's word. */
function sniff(bytes: Buffer): Format | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  return undefined
}

/**
 * Libvips refuses a truncated file ('truncated'), but not a photo with a harmless warning
 * (extra bytes after a marker, common from cameras), and never decodes more than 40 megapixels.
 */
const DECODING = { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS } as const

/** Libvips and its bindings are loaded by the first image, not by every start (decision 0042). */
async function loadSharp() {
  return (await import('sharp')).default
}

async function dimensions(bytes: Buffer, format: Format) {
  const sharp = await loadSharp()
  // The header only: a 20,000 × 20,000 PNG is measured without being decoded.
  const meta = await sharp(bytes, { ...DECODING, limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  if (meta?.format !== format || !meta.width || !meta.height) throw imageInvalid()
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw imageTooLarge()
}

/**
 * The image host (decision 0019): a JPEG, PNG or WebP judged by its content (an SVG, HTML, text or a
 * truncated file is refused) becomes a new WebP, turned upright by its EXIF orientation first,
 * with its longest side at most IMAGE_MAX_SIDE, and without any metadata: sharp writes none
 * (EXIF, GPS, XMP, ICC) unless asked. Nothing of the uploaded file is stored as it came.
 * WebP effort 0 of 6 (decision 0075): on a photo, the same size as effort 2 and 0.2 dB less
 * fidelity, in half the encoding time; a flat-colour graphic comes out up to half larger.
 * The file is decoded once, to the full image's upright pixels; the full image and its
 * narrower copies are encoded from those.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  const format = sniff(bytes)
  if (!format) throw imageInvalid()
  await dimensions(bytes, format)
  const sharp = await loadSharp()
  const { data: pixels, info } = await sharp(bytes, DECODING)
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw imageInvalid()
    })
  const decoded = () =>
    sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const narrower = IMAGE_VARIANT_WIDTHS.filter((width) => width < info.width)
  const [full, variants] = await Promise.all([
    webp(decoded()),
    Promise.all(narrower.map(async (width) => ({ width, bytes: await webp(decoded().resize({ width })) }))),
  ])
  return {
    bytes: full,
    contentType: 'image/webp',
    extension: 'webp',
    width: info.width,
    height: info.height,
    variants,
  }
}

const webp = (pipeline: Sharp) => pipeline.webp({ quality: 80, effort: 0 }).toBuffer()
