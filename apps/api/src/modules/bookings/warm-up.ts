import { addDays, clinicToday, parseSlotLabel } from '@shared/clinic-time'
import { TransactionRollbackError } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { findAvailability } from '../clinic'
import { insertBookings, type NewBooking, whyRefused } from './repository'

/** How many days ahead to look for a free slot to practise on. */
const DAYS_TO_TRY = 14

async function firstFreeSlot(db: Db, timeZone: string, now: Date) {
  const today = clinicToday(timeZone, now)
  for (let day = 1; day <= DAYS_TO_TRY; day++) {
    const date = addDays(today, day)
    const { options } = await findAvailability(db, date, timeZone, now)
    for (const option of options) {
      const label = option.slots[0]
      const slot = label && parseSlotLabel(label)
      if (slot) return { date, treatmentName: option.name, slotLabel: label, ...slot }
    }
  }
  return undefined
}

/**
 * Makes a booking, right after the start, in a transaction that is rolled back. A fresh
 * database connection has cold caches (catalog entries, the plans of the foreign-key checks):
 * measured on PGlite, the first booking after a start took ~80 ms more than the next ones, and in
 * a rush that delay falls on every patient waiting behind it. Nothing of it is kept.
 */
export async function warmUpBookings(db: Db, timeZone: string, now: Date): Promise<void> {
  await db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: 'warm-up@example.invalid', name: 'Warm-up' })
        .returning({ id: users.id })
      const slot = await firstFreeSlot(tx, timeZone, now)
      if (user && slot) {
        const booking: NewBooking = {
          ...slot,
          userId: user.id,
          patientName: 'Warm-up',
          phone: '0',
          idempotencyKey: null,
          requestHash: null,
          timeZone,
          now,
        }
        // Twice: PGlite names (prepares) a statement at its second run, and the first rush
        // after a start should find both prepared (decision 0062).
        for (let run = 0; run < 2; run++) {
          await insertBookings(tx, [booking])
          await whyRefused(tx, [booking])
        }
      }
      tx.rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error
    })
}
