import { IMAGE_MESSAGES } from '@shared/images'
import { AppError } from '../../errors'

export const imageMissing = () => new AppError('IMAGE_MISSING', IMAGE_MESSAGES.missing)
export const imageInvalid = () => new AppError('IMAGE_INVALID', IMAGE_MESSAGES.invalid)
export const imageTooLarge = () => new AppError('IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge)
