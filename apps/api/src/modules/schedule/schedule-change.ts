import type { AffectedOutcome } from '@shared/schedule'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { ClinicFacts } from '../bookings'
import type { PaymentService } from '../payments'
import type { AffectedBooking } from './affected-bookings'

// What the schedule's changes share: their dependencies, who makes them, and the shape of a
// change that may take appointments away. Apart, so that the change runner, the refunds and the
// services all stand on it rather than on each other.

export interface ScheduleDeps {
  db: Db
  now: () => Date
  clinic: ClinicFacts
  /** The payment flow's cancel with refund, without the patient's cutoff: the clinic cancels. */
  refunds: Pick<PaymentService, 'refundAndCancel'>
}

/** The admin making a change, for the audit log. */
export interface Actor {
  id: string
  address: string
}

/** An admin's change is about no account: the admin is its actor. */
export const auditedBy = (actor: Actor) => ({ userId: null, actorId: actor.id, address: actor.address })

/** A change to the clinic's offer, applied inside the transaction `changeAffecting` opens. */
export interface AffectingChange<T> {
  /**
   * Which appointments the change takes away (none: undefined); refuses a change that cannot be
   * made (a treatment already retired, a holiday already set), so that nothing is refunded for it.
   * Asked before the change, to refund the paid ones outside the lock, and again in its transaction.
   */
  scope(db: Db): Promise<SQL | undefined>
  /** Makes the change; answers its result. */
  apply(tx: Db): Promise<T>
  /** Why the clinic cancelled this appointment, for the patient's notice ("… because {reason}."). */
  reason(booking: AffectedBooking): string
  /** The audit entry, written in the same transaction, with what happened to the appointments. */
  audit(tx: Db, value: T, outcome: AffectedOutcome): Promise<void>
}
