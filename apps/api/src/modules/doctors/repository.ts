import type { CreateDoctorBody } from '@shared/doctors'
import { eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { readList } from '../../db/json-list'
import { pgError } from '../../db/pg-error'
import { doctors } from '../../db/schema'
import { doctorEmailTaken, imageNotOurs } from './doctor-errors'

export interface NewDoctor extends Omit<CreateDoctorBody, 'image'> {
  imageName: string
}

/**
 * Inserts the doctor with the active treatment named `specialty`, in one statement; undefined
 * when there is no such treatment. The database refuses the rest: an image that is not a row of
 * ours (foreign key) and an e-mail another doctor has (unique index).
 */
export async function insertDoctor(db: Db, doctor: NewDoctor): Promise<{ id: string } | undefined> {
  return refusingTheirs(() =>
    queryRows<{ id: string }>(
      db,
      sql`INSERT INTO doctors (name, email, specialty_id, image_name)
        SELECT ${doctor.name}::text, ${doctor.email}::text, t.id, ${doctor.imageName}::text
        FROM treatments t WHERE t.name = ${doctor.specialty}::text AND t.retired_at IS NULL
        RETURNING id`,
    ).then(([row]) => row),
  )
}

/**
 * Changes every field of the doctor, the specialty to the active treatment of that name, and
 * answers the photo the doctor showed before; undefined when no doctor has `id` or no such
 * treatment is offered. The database refuses what it refuses on insert.
 */
export async function updateDoctor(db: Db, id: string, doctor: NewDoctor): Promise<string | undefined> {
  return refusingTheirs(async () => {
    const [row] = await queryRows<{ previousImage: string }>(
      db,
      sql`WITH previous AS (SELECT id, image_name FROM doctors WHERE id = ${id}::uuid)
        UPDATE doctors d SET name = ${doctor.name}::text, email = ${doctor.email}::text,
          specialty_id = t.id, image_name = ${doctor.imageName}::text
        FROM previous, treatments t
        WHERE d.id = previous.id AND t.name = ${doctor.specialty}::text AND t.retired_at IS NULL
        RETURNING previous.image_name AS "previousImage"`,
    )
    return row?.previousImage
  })
}

/** Translates the database's refusals of a doctor's row into the form's messages. */
async function refusingTheirs<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const { code, constraint } = pgError(error)
    if (code === '23505' && constraint === 'doctors_email_unique') throw doctorEmailTaken()
    if (code === '23503' && constraint === 'doctors_image_name_images_name_fk') throw imageNotOurs()
    throw error
  }
}

export async function doctorExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, id))
  return row !== undefined
}

export interface DoctorRow {
  id: string
  name: string
  email: string
  specialty: string
  imageName: string
}

/** Every doctor with the name of their specialty, in the form each database hands over fastest. */
export function listDoctors(db: Db): Promise<DoctorRow[]> {
  return readList<DoctorRow>(
    db,
    sql`SELECT d.id, d.name, d.email, t.name AS specialty, d.image_name AS "imageName"
      FROM doctors d JOIN treatments t ON t.id = d.specialty_id`,
    sql`list.name, list.id`,
  )
}

export async function deleteDoctor(db: Db, id: string) {
  const [row] = await db
    .delete(doctors)
    .where(eq(doctors.id, id))
    .returning({ id: doctors.id, name: doctors.name, imageName: doctors.imageName })
  return row
}
