import { IMAGE_MESSAGES } from '@shared/images'
import { AppError } from '../../errors'

export const imageMissing = () => new AppError('IMAGE_MISSING', 400, IMAGE_MESSAGES.missing)
export const imageInvalid = () => new AppError('IMAGE_INVALID', 400, IMAGE_MESSAGES.invalid)
export const imageTooLarge = () => new AppError('IMAGE_TOO_LARGE', 413, IMAGE_MESSAGES.tooLarge)
