import type { AffectedBookings } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { AppError } from '../../errors'
import { cancelForClinic, findAffected, lockBookings } from './affected-bookings'
import { clinicCancellationMail } from './clinic-cancellation-mail'
import { refundForClinic } from './refund-for-clinic'
import type { AffectingChange, ScheduleDeps } from './schedule-change'

export const bookingsAffected = (n: number) => new AppError('BOOKINGS_AFFECTED', M.bookingsAffected(n))

/**
 * A change that leaves upcoming appointments without their treatment, slot or open day
 * never moves or drops them silently. Without the admin's choice it is refused, naming how many;
 * with it, they are kept, or cancelled with the clinic's notice to each patient. Paid ones are
 * refunded in full first, one by one through the provider (refundForClinic), never inside the
 * transaction that locks bookings: the refund's own writes would wait for that lock, and a slow
 * provider would hold up all booking. Then the count, the change and the cancellation of the
 * unpaid ones are one transaction with bookings locked, so the count is exact.
 */
export function changeAffecting(deps: ScheduleDeps) {
  const { db, clinic, now } = deps
  return async <T>(choice: AffectedBookings | undefined, change: AffectingChange<T>) => {
    const refunded = choice === 'cancel' ? await refundForClinic(deps, change) : 0
    return db.transaction(async (tx) => {
      const at = now()
      await lockBookings(tx)
      const scope = await change.scope(tx)
      const value = await change.apply(tx)
      const affected = scope ? await findAffected(tx, scope, at) : []
      if (affected.length > 0 && choice === undefined) throw bookingsAffected(affected.length)
      // The refunded ones are cancelled already. A booking paid after the refunds were read is
      // still here as paid: it is kept (and counted as kept), its refund is not made under the lock.
      const cancelled =
        choice === 'cancel'
          ? await cancelForClinic(
              tx,
              affected.filter((b) => !b.paid),
              at,
              (b) => clinicCancellationMail(b, { reason: change.reason(b), refunded: false }, clinic, at),
            )
          : 0
      const outcome = { kept: affected.length - cancelled, cancelled: cancelled + refunded, refunded }
      await change.audit(tx, value, outcome)
      return { value, affected: outcome }
    })
  }
}
