import { CreateDoctorBody } from '@shared/doctors'
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@shared/images'
import { z } from 'zod'
import { ApiError } from '../../lib/http'

/** The types the image host takes (decision 0019); the server judges the content again. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',')

export const isPhotoType = (file: File) => PHOTO_TYPES.includes(file.type)

/**
 * Spec section 5, Add A Doctor: the shared body's name, e-mail and specialty, and the photo file,
 * checked here before it is sent (by its declared type and size: a quick answer, not the guard).
 */
const photo = z
  .custom<File>((value) => value instanceof File, { error: IMAGE_MESSAGES.missing })
  .refine((file) => isPhotoType(file) && file.size > 0, IMAGE_MESSAGES.invalid)
  .refine((file) => file.size <= IMAGE_MAX_BYTES, IMAGE_MESSAGES.tooLarge)

export const AddDoctorFields = CreateDoctorBody.omit({ image: true }).extend({ photo })
export type AddDoctorFields = z.input<typeof AddDoctorFields>

/** Editing a doctor (decision 0030): the same fields; without a new photo the doctor keeps theirs. */
export const EditDoctorFields = AddDoctorFields.extend({ photo: photo.optional() })
export type EditDoctorFields = z.input<typeof EditDoctorFields>

type FieldName = 'email' | 'specialty' | 'photo'

// The refusals that are about one field are shown under it; any other above the button.
const FIELD_OF_CODE: Partial<Record<string, FieldName>> = {
  DOCTOR_EMAIL_TAKEN: 'email',
  SPECIALTY_UNKNOWN: 'specialty',
  IMAGE_MISSING: 'photo',
  IMAGE_INVALID: 'photo',
  IMAGE_TOO_LARGE: 'photo',
  IMAGE_NOT_OURS: 'photo',
  PAYLOAD_TOO_LARGE: 'photo',
}

/** The field a failed upload or save is about, or null when it is about the whole form. */
export const fieldOfError = (error: unknown): FieldName | null =>
  (error instanceof ApiError && FIELD_OF_CODE[error.code]) || null
