import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { AppError } from '../../errors'
import { findAffected, replaceCancellationMail } from './affected-bookings'
import { clinicCancellationMail } from './clinic-cancellation-mail'
import type { AffectingChange, ScheduleDeps } from './schedule-change'

/**
 * The paid upcoming appointments a change takes away, refunded in full and cancelled through the
 * payment flow (its refund cutoff is 0 here: the clinic cancels, not the patient), each in its own
 * transaction, in which the clinic's notice replaces the cancellation mail. A refund that fails
 * stops the change before it is made; those already made stay made (their bookings are cancelled,
 * as the admin asked), and the admin can try again. Answers how many were refunded.
 */
export async function refundForClinic<T>(
  { db, clinic, now, refunds }: ScheduleDeps,
  change: AffectingChange<T>,
): Promise<number> {
  const scope = await change.scope(db)
  if (!scope) return 0
  const paid = (await findAffected(db, scope, now())).filter((b) => b.paid)
  let refunded = 0
  for (const b of paid) {
    // The payment flow checks that the booking is this patient's; no session of theirs is involved.
    const patient = {
      id: b.userId,
      email: b.email,
      name: b.patientName,
      role: 'patient' as const,
      sessionId: '',
    }
    const notice = () =>
      clinicCancellationMail(b, { reason: change.reason(b), refunded: true }, clinic, now())
    try {
      if (await refunds.refundAndCancel(patient, b.id, (tx) => replaceCancellationMail(tx, [b], notice)))
        refunded += 1
    } catch (error) {
      if (error instanceof AppError && error.code === 'REFUND_FAILED')
        throw new AppError('REFUND_FAILED', M.refundFailed(refunded))
      throw error
    }
  }
  return refunded
}
