import { USER_MESSAGES as M } from '@shared/users'
import type { Db } from '../../db/client'
import { AppError } from '../../errors'
import { findById } from '../../lib/ids'
import { audit } from '../audit'
import { closeAccount, upcomingPaidBookings } from '../me'
import type { PaymentService } from '../payments'
import { findLiveAccount, lockLiveAccount } from './repository'
import { type AdminActor, keepAnAdmin, userNotFound } from './service'

export interface UserDeletionDeps {
  db: Db
  now: () => Date
  /** The payment flow's cancel with refund (DELETE /api/bookings/:id), without the patient's cutoff. */
  refunds: Pick<PaymentService, 'refundAndCancel'>
}

export interface DeletedUser {
  deletedCount: number
  cancelledBookings: number
  refundedBookings: number
}

/**
 * An admin deletes a user (decision 0019): as the owner's own deletion does (me/service.ts), and the
 * paid upcoming bookings refunded too, which the owner's deletion keeps. Refunds go first, each
 * through the provider and in its own transaction: one that fails stops the deletion before
 * anything of the account has changed, and the admin can try again.
 */
export function userDeletion(deps: UserDeletionDeps) {
  const { db } = deps

  async function refundPaidBookings(owner: NonNullable<Awaited<ReturnType<typeof findLiveAccount>>>) {
    let refunded = 0
    for (const bookingId of await upcomingPaidBookings(db, owner.id, deps.now())) {
      // The refund checks that the booking is its owner's; no session of the owner's is involved.
      if (await deps.refunds.refundAndCancel({ ...owner, sessionId: '' }, bookingId)) refunded += 1
    }
    return refunded
  }

  return async function deleteUser(id: string, actor: AdminActor): Promise<DeletedUser> {
    const account = await findById(id, (id) => findLiveAccount(db, id))
    if (!account) throw userNotFound()
    // The row found, never the text sent, is who the caller is about.
    if (account.id === actor.userId) throw new AppError('CANNOT_DELETE_SELF', M.cannotDeleteSelf)
    const refundedBookings = await refundPaidBookings(account)
    const cancelledBookings = await db.transaction(async (tx) => {
      await keepAnAdmin(tx, account.id, actor.userId)
      const locked = await lockLiveAccount(tx, account.id)
      if (!locked) throw userNotFound()
      const cancelled = await closeAccount(tx, locked, deps.now())
      await audit(tx, {
        event: 'account_deleted',
        userId: locked.id,
        actorId: actor.userId,
        address: actor.address,
        detail: { by: 'admin', cancelledBookings: cancelled, refundedBookings },
      })
      return cancelled
    })
    return { deletedCount: 1, cancelledBookings, refundedBookings }
  }
}
