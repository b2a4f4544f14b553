import { slotLabel } from '@shared/clinic-time'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { slotsOn } from '../clinic'

export type AcceptOutcome =
  | { booked: string }
  /** No live offer of this patient by that id: none, another's, or it ran out. */
  | { refused: 'not_live' }
  /** The hold was live, yet the slot went (a booking that raced the hold, or the patient's own overlap). */
  | { refused: 'slot_gone' }

/** The live offer, locked for this transaction, so that one accept at a time books it. */
async function lockLiveOffer(db: Db, offerId: string, userId: string, now: Date) {
  const [offer] = await queryRows<{ entryId: string; start: string; minutes: number }>(
    db,
    sql`SELECT o.entry_id AS "entryId", to_char(s.starts_at, 'HH24:MI') AS start, s.duration_minutes AS minutes
      FROM waitlist_offers o JOIN treatment_slots s ON s.id = o.slot_id
      WHERE o.id = ${offerId}::uuid AND o.user_id = ${userId}::uuid AND o.status = 'offered'
        AND o.expires_at > ${now.toISOString()}::timestamptz
      FOR UPDATE OF o`,
  )
  return offer
}

/**
 * Books the held slot for the entry's patient, as the booking module's insert does: the slot's
 * rules are the bookings table's constraints, and ON CONFLICT DO NOTHING answers "no row" when
 * a direct booking took the slot first. The patient's name is the account's, the phone the one
 * given when joining.
 */
async function bookHeldSlot(db: Db, offerId: string, label: string, timeZone: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  const [booking] = await queryRows<{ id: string }>(
    db,
    sql`
      INSERT INTO bookings (user_id, treatment_id, slot_id, appointment_date, starts_at, ends_at,
        treatment_name, slot_label, price_tk, patient_name, phone, created_at)
      SELECT o.user_id, t.id, s.id, o.appointment_date, s.starts_at_instant,
        s.starts_at_instant + make_interval(mins => s.duration_minutes), t.name, ${label}::text,
        t.price_tk, u.name, e.phone, ${at}
      FROM waitlist_offers o
      JOIN waitlist_entries e ON e.id = o.entry_id
      JOIN users u ON u.id = o.user_id
      JOIN treatments t ON t.id = o.treatment_id
      JOIN LATERAL ${slotsOn(sql`o.appointment_date`, timeZone)} s ON s.id = o.slot_id
      WHERE o.id = ${offerId}::uuid AND s.starts_at_instant > ${at}
      ON CONFLICT DO NOTHING
      RETURNING id`,
  )
  return booking
}

/**
 * Accepts a live offer in one transaction: the booking is made and the entry (with its offer)
 * removed together. A direct booking racing it gets the slot or not by the bookings table's unique
 * index; the loser's insert finds the slot taken. When the hold lost, the offer ends, so that the
 * next run of the offer job does not wait for its expiry.
 */
export async function acceptOffer(db: Db, offerId: string, userId: string, timeZone: string, now: Date) {
  return db.transaction(async (tx): Promise<AcceptOutcome> => {
    const offer = await lockLiveOffer(tx, offerId, userId, now)
    if (!offer) return { refused: 'not_live' }
    const label = slotLabel(offer.start, offer.minutes)
    const booking = await bookHeldSlot(tx, offerId, label, timeZone, now)
    if (!booking) {
      await tx.execute(sql`UPDATE waitlist_offers SET status = 'expired' WHERE id = ${offerId}::uuid`)
      return { refused: 'slot_gone' }
    }
    await tx.execute(sql`DELETE FROM waitlist_entries WHERE id = ${offer.entryId}::uuid`)
    return { booked: booking.id }
  })
}
