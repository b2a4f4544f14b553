import { slotLabel } from '@shared/clinic-time'
import type { AdminSlot, AdminTreatment } from '@shared/schedule'
import type { TreatmentCategory } from '@shared/treatment-categories'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client'
import { pgError } from '../../db/pg-error'
import { treatmentSlots, treatments } from '../../db/schema'

interface TreatmentRow {
  id: string
  name: string
  price: number | null
  category: TreatmentCategory
  retired_at: string | null
  slots: { id: string; start: string; minutes: number }[]
}

const toSlot = (slot: { id: string; start: string; minutes: number }): AdminSlot => ({
  _id: slot.id,
  start: slot.start,
  minutes: slot.minutes,
  label: slotLabel(slot.start, slot.minutes),
})

/** Treatments with their offered slots in time order: offered treatments first, in clinic order. */
export async function findTreatments(db: Db, id?: string): Promise<AdminTreatment[]> {
  const rows = await queryRows<TreatmentRow>(
    db,
    sql`
      SELECT t.id, t.name, t.price_tk AS price, t.category, to_char(t.retired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS retired_at,
        coalesce(json_agg(json_build_object('id', s.id, 'start', to_char(s.starts_at, 'HH24:MI'),
          'minutes', s.duration_minutes) ORDER BY s.starts_at) FILTER (WHERE s.id IS NOT NULL), '[]') AS slots
      FROM treatments t
      LEFT JOIN treatment_slots s ON s.treatment_id = t.id AND s.retired_at IS NULL
      ${id ? sql`WHERE t.id = ${id}` : sql``}
      GROUP BY t.id
      ORDER BY t.retired_at IS NOT NULL, t.position, t.name, t.retired_at DESC`,
  )
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    price: row.price,
    category: row.category,
    retiredAt: row.retired_at,
    slots: row.slots.map(toSlot),
  }))
}

/**
 * Its id and category (the column's default when none is given). The name is unique among offered
 * treatments (index treatments_active_name_unique): undefined when taken.
 */
export async function insertTreatment(
  db: Db,
  treatment: { name: string; priceTk: number | null; category?: TreatmentCategory },
) {
  const [row] = await db
    .insert(treatments)
    .values({
      ...treatment,
      // A new treatment goes last in the clinic's order.
      position: sql`(SELECT coalesce(max(position) + 1, 0) FROM treatments)`,
    })
    .onConflictDoNothing()
    .returning({ id: treatments.id, category: treatments.category })
  return row
}

/**
 * The row, when it exists. `lock`: held against another admin's change until the transaction
 * ends (NO KEY UPDATE: bookings referring to it are not held up).
 */
export async function findTreatmentRow(db: Db, id: string, lock: boolean) {
  const query = db
    .select({
      id: treatments.id,
      name: treatments.name,
      price: treatments.priceTk,
      category: treatments.category,
      retiredAt: treatments.retiredAt,
    })
    .from(treatments)
    .where(eq(treatments.id, id))
  const [row] = lock ? await query.for('no key update') : await query
  return row
}

export const isNameTaken = (error: unknown) => pgError(error).constraint === 'treatments_active_name_unique'

export async function updateTreatment(
  db: Db,
  id: string,
  change: { name?: string; priceTk?: number | null; category?: TreatmentCategory },
) {
  await db.update(treatments).set(change).where(eq(treatments.id, id))
}

export async function retireTreatment(db: Db, id: string, now: Date) {
  await db.update(treatments).set({ retiredAt: now }).where(eq(treatments.id, id))
}

/** One start per treatment among its offered slots (treatment_slots_active_start_unique): undefined when taken. */
export async function insertSlot(db: Db, treatmentId: string, start: string, minutes: number) {
  const [row] = await db
    .insert(treatmentSlots)
    .values({ treatmentId, startsAt: start, durationMinutes: minutes })
    .onConflictDoNothing()
    .returning({ id: treatmentSlots.id })
  return row && toSlot({ id: row.id, start, minutes })
}

/** An offered slot with its treatment's name; `lock`: as `findTreatmentRow`. */
export async function findOfferedSlot(db: Db, id: string, lock: boolean) {
  const query = db
    .select({
      id: treatmentSlots.id,
      start: sql<string>`to_char(${treatmentSlots.startsAt}, 'HH24:MI')`,
      minutes: treatmentSlots.durationMinutes,
      treatmentName: treatments.name,
    })
    .from(treatmentSlots)
    .innerJoin(treatments, eq(treatments.id, treatmentSlots.treatmentId))
    .where(and(eq(treatmentSlots.id, id), isNull(treatmentSlots.retiredAt)))
  const [row] = lock ? await query.for('no key update', { of: treatmentSlots }) : await query
  return row
}

export async function retireSlot(db: Db, id: string, now: Date) {
  await db.update(treatmentSlots).set({ retiredAt: now }).where(eq(treatmentSlots.id, id))
}
