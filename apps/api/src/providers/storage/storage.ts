import { randomBytes } from 'node:crypto'

/**
 * Where uploaded files live (ARCHITECTURE section 3): a disk, or PostgreSQL (decision 0023).
 * The images module sees only this interface. Names are always ours (`randomStoredName`), never
 * a client's: a provider refuses any other.
 */
export interface Storage {
  /** Stores a new file under a fresh random name (no name is ever written twice). */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file's bytes, or undefined when there is none. */
  get(name: string): Promise<Buffer | undefined>
  /** Removes the file; one already gone is not an error. */
  remove(name: string): Promise<void>
  exists(name: string): Promise<boolean>
}

/** The only names stored: the images table's check `images_name_safe` (migration 0009). */
export const STORED_NAME = /^[a-z0-9]{16,64}\.[a-z]{3,4}$/

/** 128 random bits in hex, with the stored format's extension. */
export const randomStoredName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`

/** Guards every path a provider builds: no traversal, no hidden or partial file, only our names. */
export function assertStoredName(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error('not a stored file name')
  return name
}
