import { imageVariantName, parseImageName } from '@shared/images'
import type { Db } from '../../db/client'
import { randomStoredName, type Storage } from '../../providers/storage'
import { imageUrl } from './image-url'
import { reencodeImage } from './reencode'
import { findImageType, insertImage } from './repository'
import { removeImageFiles } from './stored-files'

export interface ImageDeps {
  db: Db
  storage: Storage
  now: () => Date
}

export interface StoredImage {
  bytes: Buffer
  contentType: string
}

export function imageService({ db, storage, now }: ImageDeps) {
  return {
    /**
     * Re-encodes and stores an upload, and answers its URL. The files (the full image and its
     * narrower copies) are written before the row, and removed if the row is not: a row never
     * names a missing file. (A crash between the two leaves files with no row, never served.)
     */
    async upload(upload: Buffer): Promise<string> {
      const image = await reencodeImage(upload)
      const name = randomStoredName(image.extension)
      try {
        await storage.put(name, image.bytes, image.contentType)
        for (const copy of image.variants) {
          await storage.put(imageVariantName(name, copy.width), copy.bytes, image.contentType)
        }
        const { contentType, width, height } = image
        await insertImage(db, {
          name,
          contentType,
          bytes: image.bytes.length,
          width,
          height,
          createdAt: now(),
        })
      } catch (error) {
        await removeImageFiles(storage, name)
        throw error
      }
      return imageUrl(name)
    },

    /**
     * A stored image by the name in its URL; undefined for a name we did not store. A copy that
     * was never made (the image is narrower, or older than decision 0041) is the full image.
     */
    async read(name: string): Promise<StoredImage | undefined> {
      const parsed = parseImageName(name)
      if (!parsed) return undefined
      const contentType = await findImageType(db, parsed.fullName)
      if (!contentType) return undefined
      const copy = parsed.width ? await storage.get(name) : undefined
      const bytes = copy ?? (await storage.get(parsed.fullName))
      return bytes ? { bytes, contentType } : undefined
    },
  }
}
