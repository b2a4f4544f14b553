import { z } from 'zod'
import { CATEGORY_MESSAGE, TREATMENT_CATEGORIES } from './treatment-category-names'

export {
  CATEGORY_MESSAGE,
  DEFAULT_TREATMENT_CATEGORY,
  TREATMENT_CATEGORIES,
} from './treatment-category-names'

export const TreatmentCategory = z.enum(TREATMENT_CATEGORIES, { error: CATEGORY_MESSAGE })
export type TreatmentCategory = z.infer<typeof TreatmentCategory>
