import { IMAGE_VARIANT_WIDTHS, imageVariantName } from '@shared/images'
import type { Storage } from '../../providers/storage'

/** Every file an image may have: the full one and its narrower copies (decision 0041). */
export const imageFileNames = (fullName: string) => [
  fullName,
  ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantName(fullName, width)),
]

/** Removes an image's files; a copy never made (a narrow or an older image) is no error. */
export async function removeImageFiles(storage: Storage, fullName: string): Promise<void> {
  for (const name of imageFileNames(fullName)) await storage.remove(name)
}
