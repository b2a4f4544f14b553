import { z } from 'zod'
import { ClinicDate } from './clinic'
import { Id } from './ids'
import { PhoneNumber } from './phone'

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
