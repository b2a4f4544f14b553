import { clinicToday, formatMediumDate, slotLabel } from '@shared/clinic-time'
import { waitlistOfferPath } from '@shared/waitlist-messages'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, queryRows } from '../../db/client'
import { type BackgroundJob, startBackgroundJob } from '../../lib/background-job'
import { audit } from '../audit'
import { clinicClosedOn, slotsOn } from '../clinic'
import { writeMail } from '../outbox'

export interface OfferRules {
  /** WAITLIST_HOLD_MINUTES: how long an offered slot is kept for its patient. */
  holdMinutes: number
  timeZone: string
  publicUrl: string
}

interface NewOffer {
  id: string
  userId: string
  email: string
  patientName: string
  treatmentName: string
  date: string
  start: string
  minutes: number
  expiresAt: Date
}

/**
 * Ends the holds that ran out at `now`, and those whose slot a booking took in a race the hold
 * lost (decision 0036): their entries are never offered that slot again, so the slot goes on to
 * the next in line.
 */
function expireOffers(db: Db, now: Date) {
  return db.execute(sql`
    UPDATE waitlist_offers o SET status = 'expired'
    WHERE o.status = 'offered' AND (o.expires_at <= ${now.toISOString()}::timestamptz
      OR EXISTS (SELECT 1 FROM bookings b WHERE b.treatment_id = o.treatment_id
        AND b.appointment_date = o.appointment_date AND b.slot_id = o.slot_id AND b.status = 'booked'))`)
}

/**
 * Offers every free slot of a treatment and day with a waitlist to the first in line who has no
 * live offer, was never offered that slot and holds no booking it overlaps (nor one of that
 * treatment that day). However the slot was freed (cancel, move, admin change, a hold ending),
 * it is found here. The unique indexes on live holds make a second server's same insert a no-op.
 */
function insertOffers(db: Db, rules: OfferRules, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  return queryRows<NewOffer>(
    db,
    sql`
      WITH free AS (
        SELECT d.treatment_id, d.appointment_date, s.id AS slot_id, s.starts_at, s.duration_minutes,
          s.starts_at_instant
        FROM (SELECT DISTINCT treatment_id, appointment_date FROM waitlist_entries
          WHERE appointment_date >= ${clinicToday(rules.timeZone, now)}::date) d
        JOIN treatments t ON t.id = d.treatment_id AND t.retired_at IS NULL
        JOIN LATERAL ${slotsOn(sql`d.appointment_date`, rules.timeZone)} s ON s.treatment_id = d.treatment_id
        WHERE s.starts_at_instant > ${at} AND NOT ${clinicClosedOn(sql`d.appointment_date`)}
          AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.treatment_id = d.treatment_id
            AND b.appointment_date = d.appointment_date AND b.slot_id = s.id AND b.status = 'booked')
          AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.treatment_id = d.treatment_id
            AND o.appointment_date = d.appointment_date AND o.slot_id = s.id AND o.status = 'offered')
      ), chosen AS (
        SELECT DISTINCT ON (f.treatment_id, f.appointment_date, f.slot_id) f.*, e.id AS entry_id, e.user_id
        FROM free f
        JOIN waitlist_entries e ON e.treatment_id = f.treatment_id AND e.appointment_date = f.appointment_date
        WHERE NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id
            AND (o.status = 'offered' OR o.slot_id = f.slot_id))
          AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.user_id = e.user_id AND b.status = 'booked'
            AND (tstzrange(b.starts_at, b.ends_at)
                && tstzrange(f.starts_at_instant, f.starts_at_instant + make_interval(mins => f.duration_minutes))
              OR (b.treatment_id = f.treatment_id AND b.appointment_date = f.appointment_date)))
        ORDER BY f.treatment_id, f.appointment_date, f.slot_id, e.position
      ), offered AS (
        INSERT INTO waitlist_offers (entry_id, user_id, treatment_id, appointment_date, slot_id, offered_at, expires_at)
        SELECT entry_id, user_id, treatment_id, appointment_date, slot_id, ${at},
          ${at} + make_interval(mins => ${rules.holdMinutes}::int)
        FROM chosen
        -- One order for every server's insert: two at once lock rows alike, no deadlock.
        ORDER BY treatment_id, appointment_date, slot_id
        ON CONFLICT DO NOTHING
        RETURNING id, entry_id, user_id, slot_id, treatment_id, appointment_date, expires_at
      )
      SELECT o.id, o.user_id AS "userId", u.email, u.name AS "patientName", t.name AS "treatmentName",
        to_char(o.appointment_date, 'YYYY-MM-DD') AS date, to_char(s.starts_at, 'HH24:MI') AS start,
        s.duration_minutes AS minutes, o.expires_at AS "expiresAt"
      FROM offered o
      JOIN users u ON u.id = o.user_id AND u.deleted_at IS NULL
      JOIN treatments t ON t.id = o.treatment_id
      JOIN treatment_slots s ON s.id = o.slot_id`,
  )
}

function offerMail(offer: NewOffer, rules: OfferRules) {
  const slot = slotLabel(offer.start, offer.minutes)
  const day = formatMediumDate(offer.date)
  return {
    to: offer.email,
    subject: `A slot freed up: ${offer.treatmentName} on ${day}`,
    text: [
      `Dear ${offer.patientName},`,
      '',
      `A slot you were waiting for has freed up: ${offer.treatmentName} on ${day}, ${slot}.`,
      `We hold it for you for ${rules.holdMinutes} minutes. Book it with one click:`,
      `${rules.publicUrl}${waitlistOfferPath(offer.id)}`,
      '',
      'If you do not take it, it goes to the next patient on the waitlist.',
    ].join('\n'),
  }
}

/**
 * One run of the offer job: expired holds end, freed slots are offered, and each offer's mail and
 * audit entry are written in the same transaction as the hold, so that a crash leaves none alone.
 * Answers how many offers were made.
 */
export async function makeDueOffers(db: Db, rules: OfferRules, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await expireOffers(tx, now)
    const offers = await insertOffers(tx, rules, now)
    for (const offer of offers) {
      await writeMail(tx, 'waitlist_offer', offerMail(offer, rules))
      await audit(tx, {
        event: 'waitlist_offered',
        userId: offer.userId,
        actorId: null,
        email: offer.email,
        detail: {
          offerId: offer.id,
          treatment: offer.treatmentName,
          date: offer.date,
          slot: slotLabel(offer.start, offer.minutes),
        },
      })
    }
    return offers.length
  })
}

/** Every minute by default, as the reminder job: each run is a few indexed statements. */
const EVERY_MS = 60_000

export function startOfferJob(deps: {
  db: Db
  rules: OfferRules
  now: () => Date
  log: FastifyBaseLogger
  everyMs?: number
}): BackgroundJob {
  const everyMs = deps.everyMs ?? EVERY_MS
  return startBackgroundJob(
    async () => {
      await makeDueOffers(deps.db, deps.rules, deps.now())
    },
    { name: 'waitlist offer job', firstAfterMs: everyMs, everyMs, log: deps.log },
  )
}
