import { DEFAULT_TREATMENT_CATEGORY, TREATMENT_CATEGORIES } from '@shared/treatment-categories'
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  integer,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** The check lists the shared categories: changing that list is a migration. */
const knownCategories = sql.raw(TREATMENT_CATEGORIES.map((name) => `'${name}'`).join(', '))

/**
 * A treatment the clinic offers (the spec's "appointment option"); admins edit these as data.
 * A retired treatment is no longer offered but stays, because bookings and doctors point at it;
 * its name is free for a new treatment.
 */
export const treatments = pgTable(
  'treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Fee in whole taka; null when the treatment is free of charge. */
    priceTk: integer('price_tk'),
    /** The group of the home page's price list it is shown in. */
    category: text('category', { enum: TREATMENT_CATEGORIES }).notNull().default(DEFAULT_TREATMENT_CATEGORY),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('treatments_active_name_unique').on(t.name).where(sql`${t.retiredAt} IS NULL`),
    check('treatments_price_not_negative', sql`${t.priceTk} IS NULL OR ${t.priceTk} >= 0`),
    check('treatments_category_known', sql`${t.category} IN (${knownCategories})`),
  ],
)

/**
 * One bookable slot of a treatment's day, as a clinic-local start time and a length. A removed
 * slot is retired, not deleted: the bookings made in it still point at it.
 */
export const treatmentSlots = pgTable(
  'treatment_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
    startsAt: time('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('treatment_slots_active_start_unique')
      .on(t.treatmentId, t.startsAt)
      .where(sql`${t.retiredAt} IS NULL`),
    check('treatment_slots_duration_positive', sql`${t.durationMinutes} > 0 AND ${t.durationMinutes} <= 480`),
  ],
)

/** Weekdays the clinic is closed every week (0 = Sunday … 6 = Saturday). */
export const closedWeekdays = pgTable(
  'clinic_closed_weekdays',
  { weekday: smallint('weekday').primaryKey() },
  (t) => [check('clinic_closed_weekdays_range', sql`${t.weekday} BETWEEN 0 AND 6`)],
)

/** Single dates the clinic is closed (public holidays, staff training). */
export const holidays = pgTable('clinic_holidays', {
  date: date('date').primaryKey(),
  reason: text('reason').notNull().default(''),
})

/**
 * Settings the database itself enforces, written by the server at start from its configuration
 * (e.g. `max_upcoming_bookings`, read by the bookings trigger of migration 0004).
 */
export const clinicSettings = pgTable('clinic_settings', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
})
