import { IMAGE_FIELD, IMAGE_MAX_BYTES } from '@shared/images'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors'
import { imageInvalid, imageMissing, imageTooLarge } from './image-errors'

/**
 * @fastify/multipart's limits for `POST /api/images`: one file of at most IMAGE_MAX_BYTES,
 * counted while it streams in (the rest is discarded, never buffered), and a few small fields.
 */
export const UPLOAD_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 20,
}

/**
 * The bytes of the multipart field `image`. No file → IMAGE_MISSING; over the size limit →
 * IMAGE_TOO_LARGE; a form that breaks off or does not parse → IMAGE_INVALID.
 */
export async function receiveImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw imageMissing()
  try {
    const part = await request.file()
    if (part?.fieldname !== IMAGE_FIELD) throw imageMissing()
    return await part.toBuffer()
  } catch (error) {
    if (error instanceof AppError) throw error
    const { code, statusCode } = error as { code?: string; statusCode?: number }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge()
    // Too many parts, files or fields: the framework's 413 PAYLOAD_TOO_LARGE.
    if (statusCode === 413) throw error
    throw imageInvalid()
  }
}
