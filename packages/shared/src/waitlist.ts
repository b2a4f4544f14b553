import { z } from 'zod'
import { ClinicDate } from './clinic'
import { Id } from './ids'
import { PhoneNumber } from './phone'

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

/**
 * Joins the waitlist of a treatment on a full day. The phone is asked now, as for a booking,
 * so that the offer can be booked with one click (decision 0036).
 */
export const JoinWaitlistBody = z.object(
  { treatmentId: Id, date: ClinicDate, phone: PhoneNumber },
  { error: 'The waitlist details are missing.' },
)
export type JoinWaitlistBody = z.infer<typeof JoinWaitlistBody>

export const WaitlistParams = z.object({ id: Id })

/** A live offer: the slot held for the patient until `expiresAt`. */
export const WaitlistOffer = z.object({ _id: z.string(), slot: z.string(), expiresAt: z.string() })
export type WaitlistOffer = z.infer<typeof WaitlistOffer>

export const WaitlistEntry = z.object({
  _id: z.string(),
  treatmentId: z.string(),
  treatmentName: z.string(),
  date: z.string(),
  offer: WaitlistOffer.nullable(),
})
export type WaitlistEntry = z.infer<typeof WaitlistEntry>

export const WaitlistEntryReply = z.object({ entry: WaitlistEntry })
export const MyWaitlistReply = z.object({ entries: z.array(WaitlistEntry) })
export type MyWaitlistReply = z.infer<typeof MyWaitlistReply>

export const AcceptOfferReply = z.object({ bookingId: z.string() })
export type AcceptOfferReply = z.infer<typeof AcceptOfferReply>

/** The page an offer mail links to: it accepts the hold with one click. */
export const waitlistOfferPath = (offerId: string) => `/waitlist/offers/${offerId}`
