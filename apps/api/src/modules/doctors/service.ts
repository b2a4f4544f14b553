import {
  type CreateDoctorBody,
  DOCTOR_MESSAGES,
  type Doctor,
  type PublicDoctor,
  type UpdateDoctorBody,
} from '@shared/doctors'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { notFound } from '../../errors'
import { isUuid } from '../../lib/ids'
import type { Storage } from '../../providers/storage'
import { audit } from '../audit'
import { deleteImageIfUnused, imageUrl, removeImageFiles, storedNameOf } from '../images'
import { imageNotOurs, specialtyUnknown } from './doctor-errors'
import {
  type DoctorRow,
  deleteDoctor,
  doctorExists,
  insertDoctor,
  listDoctors,
  updateDoctor,
} from './repository'

/** The admin who acts, and from where (the audit log's actor and address). */
export interface DoctorActor {
  id: string
  address: string
}

interface DoctorDeps {
  db: Db
  storage: Storage
  /** PUBLIC_URL: an absolute image URL must be on its origin. */
  publicUrl: string
  log: FastifyBaseLogger
}

const toPublicDoctor = (row: DoctorRow): PublicDoctor => ({
  _id: row.id,
  name: row.name,
  specialty: row.specialty,
  image: imageUrl(row.imageName),
})

const toDoctor = (row: DoctorRow): Doctor => ({ ...toPublicDoctor(row), email: row.email })

export function doctorService({ db, storage, publicUrl, log }: DoctorDeps) {
  /** A photo no doctor shows any more: its row is gone (so it is no longer served), the file follows. */
  const removeFile = (name: string) =>
    removeImageFiles(storage, name).catch((error: unknown) =>
      log.warn({ err: error }, 'doctors: a removed photo’s file stayed on disk'),
    )

  return {
    /**
     * The server checks again what the form checked. The specialty must be a treatment
     * offered now, the photo one our image host stored, the e-mail not another doctor's.
     */
    async create(actor: DoctorActor, body: CreateDoctorBody): Promise<Doctor> {
      const imageName = storedNameOf(body.image, publicUrl)
      if (!imageName) throw imageNotOurs()
      return db.transaction(async (tx) => {
        const row = await insertDoctor(tx, { ...body, imageName })
        if (!row) throw specialtyUnknown()
        await audit(tx, {
          event: 'doctor_created',
          actorId: actor.id,
          address: actor.address,
          detail: { doctorId: row.id, name: body.name },
        })
        return toDoctor({ ...body, id: row.id, imageName })
      })
    },

    /**
     * Changes every field of the doctor, checked as on adding one; a photo replaced is removed
     * as on removing the doctor, unless another doctor shows it too.
     */
    async update(actor: DoctorActor, id: string, body: UpdateDoctorBody): Promise<Doctor> {
      if (!isUuid(id)) throw notFound(DOCTOR_MESSAGES.notFound)
      const imageName = storedNameOf(body.image, publicUrl)
      if (!imageName) throw imageNotOurs()
      const replacedPhoto = await db.transaction(async (tx) => {
        const previousImage = await updateDoctor(tx, id, { ...body, imageName })
        if (!previousImage) {
          throw (await doctorExists(tx, id)) ? specialtyUnknown() : notFound(DOCTOR_MESSAGES.notFound)
        }
        const replaced = previousImage !== imageName && (await deleteImageIfUnused(tx, previousImage))
        await audit(tx, {
          event: 'doctor_changed',
          actorId: actor.id,
          address: actor.address,
          detail: { doctorId: id, name: body.name, photoReplaced: previousImage !== imageName },
        })
        return replaced ? previousImage : undefined
      })
      if (replacedPhoto) await removeFile(replacedPhoto)
      return toDoctor({ ...body, id, imageName })
    },

    list: async (): Promise<Doctor[]> => (await listDoctors(db)).map(toDoctor),

    /** The doctors as the public pages show them: no e-mail address. */
    team: async (): Promise<PublicDoctor[]> => (await listDoctors(db)).map(toPublicDoctor),

    /**
     * Removes the doctor and, unless another doctor shows it too, its photo: the row in the same
     * transaction, the file once that has committed (a file whose removal failed is no longer
     * served). Answers how many doctors were removed: 0 when the id names none (already removed);
     * what cannot be an id is 404.
     */
    async remove(actor: DoctorActor, id: string): Promise<number> {
      if (!isUuid(id)) throw notFound(DOCTOR_MESSAGES.notFound)
      const removed = await db.transaction(async (tx) => {
        const doctor = await deleteDoctor(tx, id)
        if (!doctor) return undefined
        const photoRemoved = await deleteImageIfUnused(tx, doctor.imageName)
        await audit(tx, {
          event: 'doctor_deleted',
          actorId: actor.id,
          address: actor.address,
          detail: { doctorId: doctor.id, name: doctor.name },
        })
        return { photo: photoRemoved ? doctor.imageName : undefined }
      })
      if (!removed) return 0
      if (removed.photo) await removeFile(removed.photo)
      return 1
    },
  }
}
