import type { AffectedBookings, CreateTreatmentBody, UpdateTreatmentBody } from '@shared/schedule'
import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../errors'
import { findById } from '../../lib/ids'
import { audit } from '../audit'
import { countAffected, ofTreatment } from './affected-bookings'
import { changeAffecting } from './affecting-change'
import {
  findTreatmentRow,
  findTreatments,
  insertTreatment,
  isNameTaken,
  retireTreatment,
  updateTreatment,
} from './repository'
import { type Actor, auditedBy, type ScheduleDeps } from './schedule-change'

const treatmentNotFound = () => notFound(M.treatmentNotFound)
const nameTaken = () => new AppError('TREATMENT_NAME_TAKEN', M.nameTaken)
const retired = () => new AppError('TREATMENT_RETIRED', M.treatmentRetiredAlready)

/** The treatment, locked when in a transaction that changes it; a retired one cannot be changed. */
export async function offeredTreatment(tx: Db, id: string, lock = true) {
  const row = await findById(id, (id) => findTreatmentRow(tx, id, lock))
  if (!row) throw treatmentNotFound()
  if (row.retiredAt) throw retired()
  return row
}

/** Treatments (decision 0019). Changes reach availability through the database's announcements. */
export function treatmentService(deps: ScheduleDeps) {
  const { db, now } = deps
  const affecting = changeAffecting(deps)

  async function treatment(id: string) {
    const [found] = await findTreatments(db, id)
    if (!found) throw treatmentNotFound()
    return found
  }

  return {
    list: () => findTreatments(db),

    async create(actor: Actor, body: CreateTreatmentBody) {
      const id = await db.transaction(async (tx) => {
        const { name, price } = body
        const created = await insertTreatment(tx, { name, priceTk: price, category: body.category })
        if (!created) throw nameTaken()
        const detail = { treatmentId: created.id, name, price, category: created.category }
        await audit(tx, { event: 'treatment_created', ...auditedBy(actor), detail })
        return created.id
      })
      return treatment(id)
    },

    /** Future availability only: bookings keep the name and price they were made with. */
    async update(actor: Actor, id: string, body: UpdateTreatmentBody) {
      await db.transaction(async (tx) => {
        const before = await offeredTreatment(tx, id)
        const change = { name: body.name, priceTk: body.price, category: body.category }
        try {
          await updateTreatment(tx, id, change)
        } catch (error) {
          if (isNameTaken(error)) throw nameTaken()
          throw error
        }
        const detail = {
          treatmentId: id,
          from: { name: before.name, price: before.price, category: before.category },
          to: {
            name: body.name ?? before.name,
            price: body.price === undefined ? before.price : body.price,
            category: body.category ?? before.category,
          },
        }
        await audit(tx, { event: 'treatment_changed', ...auditedBy(actor), detail })
      })
      return treatment(id)
    },

    async retireImpact(id: string) {
      await offeredTreatment(db, id, false)
      return countAffected(db, ofTreatment(id), now())
    },

    async retire(actor: Actor, id: string, choice: AffectedBookings | undefined) {
      const { affected } = await affecting(choice, {
        async scope(tx) {
          await offeredTreatment(tx, id, false)
          return ofTreatment(id)
        },
        async apply(tx) {
          const row = await offeredTreatment(tx, id)
          await retireTreatment(tx, id, now())
          return row
        },
        reason: (b) => `${b.treatmentName} is no longer offered`,
        audit: (tx, row, outcome) =>
          audit(tx, {
            event: 'treatment_retired',
            ...auditedBy(actor),
            detail: { treatmentId: id, name: row.name, ...outcome },
          }),
      })
      return { treatment: await treatment(id), affected }
    },
  }
}
