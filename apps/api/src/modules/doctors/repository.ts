import type { CreateDoctorBody } from '@shared/doctors'
import { asc, eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { pgError } from '../../db/pg-error'
import { doctors, treatments } from '../../db/schema'
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
  try {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO doctors (name, email, specialty_id, image_name)
        SELECT ${doctor.name}::text, ${doctor.email}::text, t.id, ${doctor.imageName}::text
        FROM treatments t WHERE t.name = ${doctor.specialty}::text AND t.retired_at IS NULL
        RETURNING id`,
    )
    return row
  } catch (error) {
    const { code, constraint } = pgError(error)
    if (code === '23505' && constraint === 'doctors_email_unique') throw doctorEmailTaken()
    if (code === '23503' && constraint === 'doctors_image_name_images_name_fk') throw imageNotOurs()
    throw error
  }
}

export interface DoctorRow {
  id: string
  name: string
  email: string
  specialty: string
  imageName: string
}

export function listDoctors(db: Db): Promise<DoctorRow[]> {
  return db
    .select({
      id: doctors.id,
      name: doctors.name,
      email: doctors.email,
      specialty: treatments.name,
      imageName: doctors.imageName,
    })
    .from(doctors)
    .innerJoin(treatments, eq(treatments.id, doctors.specialtyId))
    .orderBy(asc(doctors.name), asc(doctors.id))
}

export async function deleteDoctor(db: Db, id: string) {
  const [row] = await db
    .delete(doctors)
    .where(eq(doctors.id, id))
    .returning({ id: doctors.id, name: doctors.name, imageName: doctors.imageName })
  return row
}
