import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { treatmentSlots, treatments } from './clinic'

/**
 * A patient waiting for a slot of a treatment on a full day (decision 0036). `position`
 * is the order of joining: the first in line is offered the next slot that frees.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: bigserial('position', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    appointmentDate: date('appointment_date').notNull(),
    /** Given when joining, so that an offer books with one click (decision 0036). */
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('waitlist_one_per_patient_treatment_day').on(t.userId, t.treatmentId, t.appointmentDate),
    index('waitlist_line_idx').on(t.treatmentId, t.appointmentDate, t.position),
  ],
)

/**
 * A freed slot offered to an entry and held for it until `expires_at`. Accepting it books the
 * slot and ends the entry (and so the offer); an offer that ran out is kept as 'expired', so the
 * entry is never offered that slot again. While 'offered' the hold is live: one per slot and one per entry (unique indexes), the booking
 * trigger of migration 0019 refuses the slot to anyone else, and availability shows it taken.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    appointmentDate: date('appointment_date').notNull(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => treatmentSlots.id),
    status: text('status', { enum: ['offered', 'expired'] })
      .notNull()
      .default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('waitlist_one_live_hold_per_slot')
      .on(t.treatmentId, t.appointmentDate, t.slotId)
      .where(sql`${t.status} = 'offered'`),
    uniqueIndex('waitlist_one_live_hold_per_entry').on(t.entryId).where(sql`${t.status} = 'offered'`),
    unique('waitlist_one_offer_per_entry_slot').on(t.entryId, t.slotId),
    index('waitlist_offers_user_idx').on(t.userId),
    check('waitlist_offer_status_known', sql`${t.status} IN ('offered', 'expired')`),
    check('waitlist_offer_time_order', sql`${t.expiresAt} > ${t.offeredAt}`),
  ],
)
