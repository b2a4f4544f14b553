/** Waitlists for full days: freed slots offered and held for the first in line (decision 0036). */
export { makeDueOffers, type OfferRules, startOfferJob } from './offers'
export { waitlistRoutes } from './routes'
