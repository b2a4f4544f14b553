import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { doctors, images } from '../../db/schema'

export interface NewImage {
  name: string
  contentType: string
  bytes: number
  width: number
  height: number
  createdAt: Date
}

export async function insertImage(db: Db, image: NewImage): Promise<void> {
  await db.insert(images).values(image)
}

export async function findImageType(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ contentType: images.contentType }).from(images).where(eq(images.name, name))
  return row?.contentType
}

const usedByNoDoctor = (db: Db) =>
  notExists(db.select({ one: sql`1` }).from(doctors).where(eq(doctors.imageName, images.name)))

/**
 * Deletes the rows of images uploaded before `createdBefore` that no doctor uses; answers their
 * names. An image a doctor is being created with right now is locked by that insert's foreign
 * key check and skipped; the next sweep sees whether the doctor was kept.
 */
export async function deleteUnusedImages(db: Db, createdBefore: Date): Promise<string[]> {
  const unused = db
    .select({ name: images.name })
    .from(images)
    .where(and(lt(images.createdAt, createdBefore), usedByNoDoctor(db)))
    .for('update', { skipLocked: true })
  const rows = await db.delete(images).where(inArray(images.name, unused)).returning({ name: images.name })
  return rows.map((row) => row.name)
}

/** Deletes the image's row if no doctor uses it any more; true when it did. */
export async function deleteImageIfUnused(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .delete(images)
    .where(and(eq(images.name, name), usedByNoDoctor(db)))
    .returning({ name: images.name })
  return rows.length > 0
}
