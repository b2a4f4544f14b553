import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assertStoredName, type Storage } from './storage'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Files in one folder of a disk (UPLOADS_DIR, or `DATA_DIR/uploads`), created on the first write.
 * A file is written under a partial name and renamed, so a reader never sees half of one. The
 * content type is the images row's to keep: a disk file has nowhere to hold it.
 */
export function localDiskStorage(folder: string): Storage {
  const pathOf = (name: string) => path.join(folder, assertStoredName(name))
  return {
    async put(name, bytes) {
      const target = pathOf(name)
      await mkdir(folder, { recursive: true })
      const partial = path.join(folder, `.${name}.partial`)
      await writeFile(partial, bytes, { flag: 'wx' })
      await rename(partial, target)
    },
    async get(name) {
      try {
        return await readFile(pathOf(name))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true })
    },
    async exists(name) {
      try {
        await access(pathOf(name))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
  }
}
