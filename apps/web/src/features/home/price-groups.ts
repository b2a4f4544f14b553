import type { PricesReply } from '@shared/clinic'
import type { TreatmentCategory } from '@shared/treatment-categories'
import { TREATMENT_CATEGORIES } from '@shared/treatment-category-names'

type PricedTreatment = PricesReply['treatments'][number]

export type PriceGroup = { category: TreatmentCategory; treatments: PricedTreatment[] }

/**
 * The treatments in the spec's price-list groups, in its order of groups and the clinic's order
 * within each; a group without a treatment is left out.
 */
export function priceGroups(treatments: PricedTreatment[]): PriceGroup[] {
  return TREATMENT_CATEGORIES.map((category) => ({
    category,
    treatments: treatments.filter((treatment) => treatment.category === category),
  })).filter((group) => group.treatments.length > 0)
}
