import type { AddSlotBody, AffectedBookings } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { findById } from '../../lib/ids'
import { audit } from '../audit'
import { countAffected, ofSlot } from './affected-bookings'
import { changeAffecting } from './affecting-change'
import { findOfferedSlot, insertSlot, retireSlot } from './repository'
import { type Actor, auditedBy, type ScheduleDeps } from './schedule-change'
import { offeredTreatment } from './service'

const slotNotFound = () => notFound(M.slotNotFound)

async function offeredSlot(tx: Db, id: string, lock = true) {
  const slot = await findById(id, (id) => findOfferedSlot(tx, id, lock))
  if (!slot) throw slotNotFound()
  return slot
}

/** The slots of the offered treatments (decision 0019): a start in clinic time and a length each. */
export function slotService(deps: ScheduleDeps) {
  const { db, now } = deps
  const affecting = changeAffecting(deps)

  return {
    async addSlot(actor: Actor, treatmentId: string, body: AddSlotBody) {
      return db.transaction(async (tx) => {
        const row = await offeredTreatment(tx, treatmentId)
        const slot = await insertSlot(tx, treatmentId, body.start, body.minutes)
        if (!slot) throw new AppError('SLOT_EXISTS', M.slotExists(body.start))
        const detail = { change: 'slot_added', treatmentId, treatment: row.name, slotId: slot._id, ...body }
        await audit(tx, { event: 'schedule_changed', ...auditedBy(actor), detail })
        return slot
      })
    },

    async slotImpact(id: string) {
      await offeredSlot(db, id, false)
      return countAffected(db, ofSlot(id), now())
    },

    /** The slot is retired, not deleted: the appointments kept in it still point at it. */
    async removeSlot(actor: Actor, id: string, choice: AffectedBookings | undefined) {
      const { affected } = await affecting(choice, {
        async scope(tx) {
          await offeredSlot(tx, id, false)
          return ofSlot(id)
        },
        async apply(tx) {
          const slot = await offeredSlot(tx, id)
          await retireSlot(tx, id, now())
          return slot
        },
        reason: (b) => `${b.treatmentName} is no longer offered at ${b.slot}`,
        audit: (tx, slot, outcome) =>
          audit(tx, {
            event: 'schedule_changed',
            ...auditedBy(actor),
            detail: {
              change: 'slot_removed',
              slotId: id,
              treatment: slot.treatmentName,
              start: slot.start,
              minutes: slot.minutes,
              ...outcome,
            },
          }),
      })
      return { affected }
    },
  }
}
