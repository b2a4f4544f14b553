import { readFile } from 'node:fs/promises'
import type { Db } from '../../db/client'
import { images } from '../../db/schema'
import { packagePath } from '../../lib/package-path'
import { randomStoredName, type Storage } from '../../providers/storage'
import { insertDoctor } from './repository'

/**
 * The spec's eight team members (section 9) as the demo clinic's doctors (decision 0030). A doctor's
 * specialty is one of the treatments, so each post is given as the treatment it comes closest to.
 */
const demoDoctors = [
  { slug: 'sarah-lee', name: 'Dr. Sarah Lee', specialty: 'Cosmetic Dentistry' },
  { slug: 'michael-chen', name: 'Dr. Michael Chen', specialty: 'Teeth Orthodontics' },
  { slug: 'amina-rahman', name: 'Dr. Amina Rahman', specialty: 'Oral Surgery' },
  { slug: 'daniel-okafor', name: 'Dr. Daniel Okafor', specialty: 'Teeth Cleaning' },
  { slug: 'emily-carter', name: 'Dr. Emily Carter', specialty: 'Pediatric Dental' },
  { slug: 'rafael-ortiz', name: 'Dr. Rafael Ortiz', specialty: 'Cavity Protection' },
  { slug: 'grace-kim', name: 'Grace Kim', specialty: 'Teeth Cleaning' },
  { slug: 'noah-williams', name: 'Noah Williams', specialty: 'Teeth Orthodontics' },
] as const

/** Their photos: the web app's portraits, rendered once to 320 px WebP as our image host stores them. */
const PHOTO_SIDE = 320
const photoPath = (slug: string) => packagePath('seed', 'doctors', `${slug}.webp`)

/**
 * Adds the demo doctors with their photos; run with the demo clinic, once, on a new database. The
 * files are written before their rows, as uploads are: a crash in between leaves files no row
 * names, never a row without its file.
 */
export async function seedDemoDoctors(db: Db, storage: Storage): Promise<void> {
  const photos = await Promise.all(
    demoDoctors.map(async (doctor) => ({
      ...doctor,
      imageName: randomStoredName('webp'),
      bytes: await readFile(photoPath(doctor.slug)),
    })),
  )
  for (const photo of photos) await storage.put(photo.imageName, photo.bytes, 'image/webp')
  await db.transaction(async (tx) => {
    await tx.insert(images).values(
      photos.map(({ imageName, bytes }) => ({
        name: imageName,
        contentType: 'image/webp',
        bytes: bytes.length,
        width: PHOTO_SIDE,
        height: PHOTO_SIDE,
      })),
    )
    for (const { slug, name, specialty, imageName } of photos) {
      await insertDoctor(tx, {
        name,
        specialty,
        imageName,
        email: `${slug.split('-')[0]}@doctors-portal.example`,
      })
    }
  })
}
