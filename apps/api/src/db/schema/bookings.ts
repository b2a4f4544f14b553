import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
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
 * A patient's appointment. The double-booking rules are constraints here, not checks in code:
 * one active booking per slot, one per patient/treatment/day, and (in migration 0001, as an
 * exclusion constraint drizzle-kit cannot express) no two overlapping active bookings per patient.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => treatmentSlots.id),
    appointmentDate: date('appointment_date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Snapshots, so the history still reads right after the clinic renames or re-prices. */
    treatmentName: text('treatment_name').notNull(),
    slotLabel: text('slot_label').notNull(),
    priceTk: integer('price_tk'),
    patientName: text('patient_name').notNull(),
    phone: text('phone').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    paid: boolean('paid').notNull().default(false),
    /** Marked by the front desk on the agenda once the time has come; null until then. */
    attendance: text('attendance', { enum: ['attended', 'no_show'] }),
    attendanceMarkedAt: timestamp('attendance_marked_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that came with the Idempotency-Key: the key replays only that request. */
    requestHash: text('request_hash'),
    /**
     * The calendar event's SEQUENCE (RFC 5545): raised by each move of the booking, so
     * that calendar programs move the event its earlier mails added instead of adding another.
     */
    sequence: integer('sequence').notNull().default(0),
    /**
     * The server's clock at the last move: the reminder job counts a moved booking as made then,
     * as it counts a new one from `created_at` (a reminder window already open is skipped).
     */
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bookings_slot_taken')
      .on(t.treatmentId, t.appointmentDate, t.slotId)
      .where(sql`${t.status} = 'booked'`),
    uniqueIndex('bookings_one_per_treatment_day')
      .on(t.userId, t.treatmentId, t.appointmentDate)
      .where(sql`${t.status} = 'booked'`),
    unique('bookings_idempotency').on(t.userId, t.idempotencyKey),
    index('bookings_date_idx').on(t.appointmentDate),
    index('bookings_user_idx').on(t.userId),
    check('bookings_status_known', sql`${t.status} IN ('booked', 'cancelled')`),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_cancelled_unpaid', sql`NOT (${t.status} = 'cancelled' AND ${t.paid})`),
    check(
      'bookings_attendance_known',
      sql`${t.attendance} IS NULL OR ${t.attendance} IN ('attended', 'no_show')`,
    ),
    check('bookings_sequence_not_negative', sql`${t.sequence} >= 0`),
    check('bookings_attendance_of_booked', sql`${t.attendance} IS NULL OR ${t.status} = 'booked'`),
  ],
)
