import { DOCTOR_MESSAGES } from '@shared/doctors'
import { AppError } from '../../errors'

export const specialtyUnknown = () => new AppError('SPECIALTY_UNKNOWN', DOCTOR_MESSAGES.specialtyUnknown)
export const imageNotOurs = () => new AppError('IMAGE_NOT_OURS', DOCTOR_MESSAGES.imageNotOurs)
export const doctorEmailTaken = () => new AppError('DOCTOR_EMAIL_TAKEN', DOCTOR_MESSAGES.emailTaken)
