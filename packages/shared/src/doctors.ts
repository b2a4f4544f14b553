import { z } from 'zod'
import { Email, Name } from './accounts'
import { Id } from './ids'
import { isPlainText, PLAIN_TEXT_MESSAGE } from './text'

export const DOCTOR_MESSAGES = {
  added: 'New Doctor Added Successfully 🎉',
  saved: 'Doctor Saved',
  removed: 'Doctor Removed!',
  specialtyUnknown: 'Please choose a specialty from the list.',
  imageNotOurs: 'Please upload the photo again.',
  emailTaken: 'A doctor with this e-mail address is already listed.',
  notFound: 'This doctor is no longer listed.',
} as const

/** Spec section 5, Add A Doctor: name, e-mail and specialty required; the image is our upload's URL. */
export const CreateDoctorBody = z.object({
  name: Name,
  email: Email,
  specialty: z
    .string({ error: 'Specialty is Required' })
    .trim()
    .min(1, 'Specialty is Required')
    .max(100, DOCTOR_MESSAGES.specialtyUnknown)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE),
  image: z
    .string({ error: 'image is Required' })
    .min(1, 'image is Required')
    .max(500, DOCTOR_MESSAGES.imageNotOurs)
    .refine(isPlainText, PLAIN_TEXT_MESSAGE),
})
export type CreateDoctorBody = z.infer<typeof CreateDoctorBody>

/** Manage Doctors' edit form (decision 0030): every field again, the photo kept or replaced. */
export const UpdateDoctorBody = CreateDoctorBody
export type UpdateDoctorBody = CreateDoctorBody

/** A doctor as the spec's screens read it (section 3); `specialty` is the treatment's name. */
export const Doctor = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  specialty: z.string(),
  image: z.string(),
})
export type Doctor = z.infer<typeof Doctor>

/** A doctor as the public pages show them (decision 0030): the e-mail stays with the admins. */
export const PublicDoctor = Doctor.omit({ email: true })
export type PublicDoctor = z.infer<typeof PublicDoctor>

export const TeamReply = z.object({ doctors: z.array(PublicDoctor) })
export type TeamReply = z.infer<typeof TeamReply>

export const DoctorListReply = z.object({ doctors: z.array(Doctor) })
export type DoctorListReply = z.infer<typeof DoctorListReply>

export const DoctorParams = z.object({ id: Id })
export const DeleteDoctorReply = z.object({ doctor: z.object({ deletedCount: z.number().int() }) })
export type DeleteDoctorReply = z.infer<typeof DeleteDoctorReply>
