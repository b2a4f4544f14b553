import type { Db } from '../../db/client'
import { randomStoredName, STORED_NAME, type Storage } from '../../providers/storage'
import { imageUrl } from './image-url'
import { reencodeImage } from './reencode'
import { findImageType, insertImage } from './repository'

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
     * Re-encodes and stores an upload, and answers its URL. The file is written before its row,
     * and removed if the row is not: a row never names a missing file. (A crash between the two
     * leaves a file with no row, which is never served.)
     */
    async upload(upload: Buffer): Promise<string> {
      const image = await reencodeImage(upload)
      const name = randomStoredName(image.extension)
      await storage.put(name, image.bytes, image.contentType)
      try {
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
        await storage.remove(name)
        throw error
      }
      return imageUrl(name)
    },

    /** A stored image by the name in its URL; undefined for a name we did not store. */
    async read(name: string): Promise<StoredImage | undefined> {
      if (!STORED_NAME.test(name)) return undefined
      const contentType = await findImageType(db, name)
      const bytes = contentType ? await storage.get(name) : undefined
      return contentType && bytes ? { bytes, contentType } : undefined
    },
  }
}
