import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { storedFiles } from '../../db/schema'
import { assertStoredName, type Storage } from './storage'

/**
 * Files as rows of `stored_files` in the database every server shares (decision 0023): a photo
 * uploaded through one server is served by all, and is backed up with the rest of the data.
 */
export function databaseStorage(db: Db): Storage {
  const named = (name: string) => eq(storedFiles.name, assertStoredName(name))
  return {
    async put(name, bytes) {
      await db.insert(storedFiles).values({
        name: assertStoredName(name),
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      })
    },
    async get(name) {
      const [row] = await db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(named(name))
      return row?.bytes
    },
    async remove(name) {
      await db.delete(storedFiles).where(named(name))
    },
    async exists(name) {
      const [row] = await db.select({ name: storedFiles.name }).from(storedFiles).where(named(name))
      return row !== undefined
    },
  }
}
