import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { treatmentSlots, treatments } from './schema'

/**
 * The clinic's demo treatments (spec section 2): fee in taka, one half-hour slot list each, in
 * the price-list group of the spec's nearest items (braces and Invisalign are 'Cosmetic' there).
 */
export const demoTreatments = [
  { name: 'Teeth Orthodontics', priceTk: 1500, category: 'Cosmetic' },
  { name: 'Cosmetic Dentistry', priceTk: 1200, category: 'Cosmetic' },
  { name: 'Teeth Cleaning', priceTk: 800, category: 'Hygiene' },
  { name: 'Cavity Protection', priceTk: 1000, category: 'Dental Essentials' },
  { name: 'Pediatric Dental', priceTk: 700, category: 'Dental Essentials' },
  { name: 'Oral Surgery', priceTk: 2500, category: 'Dental Surgery' },
] as const

/** Opening hours of the working-hours card: 8.00AM to 6.00PM, half-hour appointments. */
const OPENING_MINUTE = 8 * 60
const CLOSING_MINUTE = 18 * 60
const SLOT_MINUTES = 30

export function demoSlotStarts(): string[] {
  const starts: string[] = []
  for (let minute = OPENING_MINUTE; minute + SLOT_MINUTES <= CLOSING_MINUTE; minute += SLOT_MINUTES) {
    starts.push(`${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`)
  }
  return starts
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Creates the demo clinic once, on a database that has no treatments yet; answers whether it did. */
export async function seedDemoClinic(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two servers starting on one PostgreSQL database must not both seed it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(724001)`)
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(treatments)
    if ((existing?.count ?? 0) > 0) return false
    const created = await tx
      .insert(treatments)
      .values(demoTreatments.map((treatment, position) => ({ ...treatment, position })))
      .returning({ id: treatments.id })
    const starts = demoSlotStarts()
    await tx
      .insert(treatmentSlots)
      .values(
        created.flatMap(({ id }) =>
          starts.map((startsAt) => ({ treatmentId: id, startsAt, durationMinutes: SLOT_MINUTES })),
        ),
      )
    return true
  })
}
