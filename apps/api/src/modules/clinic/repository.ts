import type { Closure } from '@shared/agenda'
import type { AppOption } from '@shared/clinic'
import { slotLabel } from '@shared/clinic-time'
import { asc, between, isNull, type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { closedWeekdays, holidays, treatments } from '../../db/schema'

interface AvailabilityRow {
  id: string
  name: string
  price: number | null
  starts: string[]
  minutes: number[]
  taken_starts: string[]
  taken_minutes: number[]
  next_start_ms: number | null
}

/** A slot of a treatment as the booking form names it: treatment, clinic-local start, length. */
export const slotKey = (treatmentName: string, start: string, minutes: number) =>
  `${treatmentName}|${start}|${minutes}`

/**
 * The offered slots of every treatment, each with `starts_at_instant`: its start on `date` as a
 * timestamptz. A removed (retired) slot is not offered, whatever asks: availability or booking.
 * `date` and `timeZone` are values, or columns of the query around it.
 */
export const slotsOn = (date: string | SQL, timeZone: string | SQL) => sql`
  (SELECT slot.*, (${date}::date + slot.starts_at) AT TIME ZONE ${timeZone}::text AS starts_at_instant
   FROM treatment_slots slot WHERE slot.retired_at IS NULL)`

/** True when the clinic is closed on `date`: its weekday is a closed one, or it is a holiday. */
export const clinicClosedOn = (date: string | SQL) => sql`
  (EXISTS (SELECT 1 FROM clinic_closed_weekdays WHERE weekday = extract(dow FROM ${date}::date))
   OR EXISTS (SELECT 1 FROM clinic_holidays WHERE date = ${date}::date))`

/** Why the clinic is closed on `date`, a holiday first; null when it is open. */
export async function closureOn(db: Db, date: string): Promise<Closure | null> {
  const [row] = await queryRows<{ holiday: string | null; weekly: boolean }>(
    db,
    sql`SELECT (SELECT reason FROM clinic_holidays WHERE date = ${date}::date) AS holiday,
      EXISTS (SELECT 1 FROM clinic_closed_weekdays WHERE weekday = extract(dow FROM ${date}::date)) AS weekly`,
  )
  if (row?.holiday != null) return { kind: 'holiday', reason: row.holiday }
  return row?.weekly ? { kind: 'weekday' } : null
}

/**
 * Every offered treatment's slots on `date` that have not started by `now`, in one query: free ones (in
 * time order, as labels) and booked ones (as slot keys). On a day the clinic is closed there are
 * none; a slot held for the waitlist counts as booked. Slot instants come from PostgreSQL's AT TIME ZONE, the rule `clinicInstant` follows too.
 * `nextStart` is when the earliest of those slots starts: from then on the answer is out of date.
 */
export async function findAvailability(db: Db, date: string, timeZone: string, now: Date) {
  const rows = await queryRows<AvailabilityRow>(
    db,
    sql`
      SELECT t.id, t.name, t.price_tk AS price,
        coalesce(array_agg(to_char(s.starts_at, 'HH24:MI') ORDER BY s.starts_at) FILTER (WHERE s.id IS NOT NULL AND b.id IS NULL), '{}') AS starts,
        coalesce(array_agg(s.duration_minutes ORDER BY s.starts_at) FILTER (WHERE s.id IS NOT NULL AND b.id IS NULL), '{}') AS minutes,
        coalesce(array_agg(to_char(s.starts_at, 'HH24:MI')) FILTER (WHERE b.id IS NOT NULL), '{}') AS taken_starts,
        coalesce(array_agg(s.duration_minutes) FILTER (WHERE b.id IS NOT NULL), '{}') AS taken_minutes,
        (extract(epoch FROM min(s.starts_at_instant)) * 1000)::float8 AS next_start_ms
      FROM treatments t
      LEFT JOIN ${slotsOn(date, timeZone)} s ON s.treatment_id = t.id
        AND s.starts_at_instant > ${now.toISOString()}::timestamptz
        AND NOT ${clinicClosedOn(date)}
      -- Taken: booked, or held for a patient on the waitlist (decision 0036).
      LEFT JOIN LATERAL (SELECT 1 AS id WHERE EXISTS (SELECT 1 FROM bookings WHERE treatment_id = t.id
          AND appointment_date = ${date}::date AND slot_id = s.id AND status = 'booked')
        OR EXISTS (SELECT 1 FROM waitlist_offers WHERE treatment_id = t.id
          AND appointment_date = ${date}::date AND slot_id = s.id AND status = 'offered')) b ON true
      WHERE t.retired_at IS NULL
      GROUP BY t.id
      ORDER BY t.position, t.name`,
  )
  return {
    options: rows.map(
      (row): AppOption => ({
        _id: row.id,
        name: row.name,
        price: row.price,
        slots: row.starts.map((start, i) => slotLabel(start, row.minutes[i] as number)),
      }),
    ),
    taken: rows.flatMap((row) =>
      row.taken_starts.map((start, i) => slotKey(row.name, start, row.taken_minutes[i] as number)),
    ),
    nextStart: Math.min(...rows.map((row) => row.next_start_ms ?? Number.POSITIVE_INFINITY)),
  }
}

/** The treatments offered now; retired ones are kept only for the bookings made with them. */
export function listTreatments(db: Db) {
  return db
    .select({ _id: treatments.id, name: treatments.name })
    .from(treatments)
    .where(isNull(treatments.retiredAt))
    .orderBy(asc(treatments.position), asc(treatments.name))
}

/** The treatments offered now with their fees in TK and categories, in the clinic's order (the home page's prices). */
export function listTreatmentPrices(db: Db) {
  return db
    .select({
      _id: treatments.id,
      name: treatments.name,
      price: treatments.priceTk,
      category: treatments.category,
    })
    .from(treatments)
    .where(isNull(treatments.retiredAt))
    .orderBy(asc(treatments.position), asc(treatments.name))
}

export async function findClosedDays(db: Db, from: string, to: string) {
  const [weekdays, dates] = await Promise.all([
    db.select().from(closedWeekdays).orderBy(asc(closedWeekdays.weekday)),
    db
      .select({ date: holidays.date })
      .from(holidays)
      .where(between(holidays.date, from, to))
      .orderBy(asc(holidays.date)),
  ])
  return { closedWeekdays: weekdays.map((row) => row.weekday), holidays: dates.map((row) => row.date) }
}
