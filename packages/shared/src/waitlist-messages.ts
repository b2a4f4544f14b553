/*
 * The waitlist's texts and offer link on their own, without zod, so that My Appointment, which
 * only shows them, does not load the schemas' library and the phone numbers' (about 55 KB gzip).
 */

/** Why a waitlist request is refused, and what the patient reads after one (toast). */
export const WAITLIST_MESSAGES = {
  slotsStillFree: 'This treatment still has free slots that day. Please book one of them.',
  alreadyWaiting: 'You are already on the waitlist for this treatment that day.',
  notFound: 'This waitlist entry no longer exists.',
  offerNotLive: 'This offer has expired or was already used. You stay on the waitlist for other slots.',
  slotGone: 'This slot was just booked by someone else. You stay on the waitlist.',
  joined: 'You are on the waitlist. We will e-mail you when a slot frees.',
  left: 'You left the waitlist.',
} as const

/** The page an offer mail links to: it accepts the hold with one click. */
export const waitlistOfferPath = (offerId: string) => `/waitlist/offers/${offerId}`
