import type {
  AddSlotBody,
  AffectedBookings,
  CreateTreatmentBody,
  UpdateTreatmentBody,
} from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { audit, isUuid } from '../accounts'
import type { ClinicFacts } from '../bookings/booking-mail'
import { countAffected, ofSlot, ofTreatment } from './affected-bookings'
import { changeAffecting } from './affecting-change'
import {
  findOfferedSlot,
  findTreatmentRow,
  findTreatments,
  insertSlot,
  insertTreatment,
  isNameTaken,
  retireSlot,
  retireTreatment,
  updateTreatment,
} from './repository'

export interface ScheduleDeps {
  db: Db
  now: () => Date
  clinic: ClinicFacts
}

/** The admin making a change, for the audit log. */
export interface Actor {
  id: string
  address: string
}

const treatmentNotFound = () => notFound(M.treatmentNotFound)
const nameTaken = () => new AppError('TREATMENT_NAME_TAKEN', 409, M.nameTaken)
const retired = () => new AppError('TREATMENT_RETIRED', 409, M.treatmentRetiredAlready)
const slotNotFound = () => notFound(M.slotNotFound)

/** Treatments and their slots (issue 13). Changes reach availability through the database's announcements. */
export function treatmentService({ db, now, clinic }: ScheduleDeps) {
  const affecting = changeAffecting(db, clinic, now)
  const entry = (actor: Actor) => ({ userId: null, actorId: actor.id, address: actor.address })

  async function treatment(id: string) {
    const [found] = await findTreatments(db, id)
    if (!found) throw treatmentNotFound()
    return found
  }

  /** The treatment, locked when in a transaction that changes it; a retired one cannot be changed. */
  async function offered(tx: Db, id: string, lock = true) {
    const row = isUuid(id) ? await findTreatmentRow(tx, id, lock) : undefined
    if (!row) throw treatmentNotFound()
    if (row.retiredAt) throw retired()
    return row
  }

  async function offeredSlot(tx: Db, id: string, lock = true) {
    const slot = isUuid(id) ? await findOfferedSlot(tx, id, lock) : undefined
    if (!slot) throw slotNotFound()
    return slot
  }

  return {
    list: () => findTreatments(db),

    async create(actor: Actor, body: CreateTreatmentBody) {
      const id = await db.transaction(async (tx) => {
        const created = await insertTreatment(tx, { name: body.name, priceTk: body.price })
        if (!created) throw nameTaken()
        const detail = { treatmentId: created, name: body.name, price: body.price }
        await audit(tx, { event: 'treatment_created', ...entry(actor), detail })
        return created
      })
      return treatment(id)
    },

    /** Future availability only: bookings keep the name and price they were made with. */
    async update(actor: Actor, id: string, body: UpdateTreatmentBody) {
      await db.transaction(async (tx) => {
        const before = await offered(tx, id)
        const change = { name: body.name, priceTk: body.price }
        try {
          await updateTreatment(tx, id, change)
        } catch (error) {
          if (isNameTaken(error)) throw nameTaken()
          throw error
        }
        const detail = {
          treatmentId: id,
          from: { name: before.name, price: before.price },
          to: { name: body.name ?? before.name, price: body.price === undefined ? before.price : body.price },
        }
        await audit(tx, { event: 'treatment_changed', ...entry(actor), detail })
      })
      return treatment(id)
    },

    async retireImpact(id: string) {
      await offered(db, id, false)
      return countAffected(db, ofTreatment(id), now())
    },

    async retire(actor: Actor, id: string, choice: AffectedBookings | undefined) {
      const { affected } = await affecting(choice, {
        async apply(tx) {
          const row = await offered(tx, id)
          await retireTreatment(tx, id, now())
          return { value: row, scope: ofTreatment(id) }
        },
        reason: (b) => `${b.treatmentName} is no longer offered`,
        audit: (tx, row, outcome) =>
          audit(tx, {
            event: 'treatment_retired',
            ...entry(actor),
            detail: { treatmentId: id, name: row.name, ...outcome },
          }),
      })
      return { treatment: await treatment(id), affected }
    },

    async addSlot(actor: Actor, treatmentId: string, body: AddSlotBody) {
      return db.transaction(async (tx) => {
        const row = await offered(tx, treatmentId)
        const slot = await insertSlot(tx, treatmentId, body.start, body.minutes)
        if (!slot) throw new AppError('SLOT_EXISTS', 409, M.slotExists(body.start))
        const detail = { change: 'slot_added', treatmentId, treatment: row.name, slotId: slot._id, ...body }
        await audit(tx, { event: 'schedule_changed', ...entry(actor), detail })
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
        async apply(tx) {
          const slot = await offeredSlot(tx, id)
          await retireSlot(tx, id, now())
          return { value: slot, scope: ofSlot(id) }
        },
        reason: (b) => `${b.treatmentName} is no longer offered at ${b.slot}`,
        audit: (tx, slot, outcome) =>
          audit(tx, {
            event: 'schedule_changed',
            ...entry(actor),
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
