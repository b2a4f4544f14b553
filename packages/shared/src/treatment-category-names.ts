/*
 * The treatment categories on their own, without zod, so that the home page, which only lists
 * them, does not download the schemas' library.
 */

/**
 * The groups of the home page's price list, named and ordered as the spec's pricing section
 * (section 9); every treatment belongs to one (decision 0037).
 */
export const TREATMENT_CATEGORIES = ['Dental Essentials', 'Cosmetic', 'Hygiene', 'Dental Surgery'] as const

/** The column's default: a treatment added without a category joins the general group. */
export const DEFAULT_TREATMENT_CATEGORY = 'Dental Essentials' satisfies (typeof TREATMENT_CATEGORIES)[number]

export const CATEGORY_MESSAGE = `Please choose a category: ${TREATMENT_CATEGORIES.join(', ')}.`
