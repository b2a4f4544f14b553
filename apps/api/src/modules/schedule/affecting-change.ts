import type { AffectedBookings, AffectedOutcome } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import type { ClinicFacts } from '../bookings/booking-mail'
import { type AffectedBooking, cancelForClinic, findAffected, lockBookings } from './affected-bookings'
import { clinicCancellationMail } from './clinic-cancellation-mail'

/** A change to the clinic's offer, applied inside the transaction `changeAffecting` opens. */
export interface AffectingChange<T> {
  /** Makes the change; answers its result and which appointments it takes away (none: undefined). */
  apply(tx: Db): Promise<{ value: T; scope?: SQL | undefined }>
  /** Why the clinic cancelled this appointment, for the patient's notice ("… because {reason}."). */
  reason(booking: AffectedBooking): string
  /** The audit entry, written in the same transaction, with what happened to the appointments. */
  audit(tx: Db, value: T, outcome: AffectedOutcome): Promise<void>
}

export const bookingsAffected = (n: number) => new AppError('BOOKINGS_AFFECTED', 409, M.bookingsAffected(n))

/**
 * Issue 13: a change that leaves upcoming appointments without their treatment, slot or open day
 * never moves or drops them silently. Without the admin's choice it is refused, naming how many;
 * with it, they are kept, or the unpaid ones are cancelled with a notice to each patient (a paid
 * one is kept: its refund is the patient's to ask for, through the payment flow). The count, the
 * change and the cancellations are one transaction with bookings locked, so the count is exact.
 */
export function changeAffecting(db: Db, clinic: ClinicFacts, now: () => Date) {
  return <T>(choice: AffectedBookings | undefined, change: AffectingChange<T>) =>
    db.transaction(async (tx) => {
      const at = now()
      await lockBookings(tx)
      const { value, scope } = await change.apply(tx)
      const affected = scope ? await findAffected(tx, scope, at) : []
      if (affected.length > 0 && choice === undefined) throw bookingsAffected(affected.length)
      const cancelled =
        choice === 'cancel'
          ? await cancelForClinic(
              tx,
              affected.filter((b) => !b.paid),
              at,
              (b) => clinicCancellationMail(b, change.reason(b), clinic, at),
            )
          : 0
      const outcome = { kept: affected.length - cancelled, cancelled }
      await change.audit(tx, value, outcome)
      return { value, affected: outcome }
    })
}
