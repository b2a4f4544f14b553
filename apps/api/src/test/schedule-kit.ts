import { randomUUID } from 'node:crypto'
import type { AdminTreatment } from '@shared/schedule'
import type { TreatmentCategory } from '@shared/treatment-categories'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { auditLog, bookings } from '../db/schema'
import { book, getOptions } from './booking-kit'
import { createAccount, type TestAccount } from './factories'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A call to the admins' schedule routes, `path` after `/api/schedule`. */
export const scheduleCall = (
  app: FastifyInstance,
  caller: TestAccount | null,
  method: Method,
  path: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/api/schedule${path}`,
    headers: caller?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

export const uniqueTreatmentName = (prefix = 'Treatment') => `${prefix} ${randomUUID().slice(0, 8)}`

/** A new treatment in `category` with these slots ('HH:MM' starts, 30 minutes each), made through the routes. */
export async function createTreatment(
  app: FastifyInstance,
  admin: TestAccount,
  {
    name = uniqueTreatmentName(),
    price = 900 as number | null,
    category = 'Hygiene' as TreatmentCategory,
    starts = ['10:00'],
  } = {},
): Promise<AdminTreatment> {
  const created = await scheduleCall(app, admin, 'POST', '/treatments', { name, price, category })
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`)
  const { treatment } = created.json() as { treatment: AdminTreatment }
  for (const start of starts) {
    const res = await scheduleCall(app, admin, 'POST', `/treatments/${treatment._id}/slots`, {
      start,
      minutes: 30,
    })
    if (res.statusCode !== 201) throw new Error(`slot: ${res.statusCode} ${res.body}`)
    treatment.slots.push(res.json().slot)
  }
  return treatment
}

/** A new patient's booking of `treatment` on `date` in the slot labelled `slot`; its id. */
export async function bookAs(app: FastifyInstance, treatmentName: string, date: string, slot: string) {
  const patient = await createAccount(app)
  const res = await book(app, patient, { treatmentName, appointmentDate: date, slot })
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`)
  return { patient, id: res.json().bookings.insertedId as string }
}

export async function bookingRow(app: FastifyInstance, id: string) {
  const [row] = await app.database.db.select().from(bookings).where(eq(bookings.id, id))
  if (!row) throw new Error(`no booking ${id}`)
  return row
}

/** The option of this treatment on `date` in GET /api/appOptions, or undefined when it is not offered. */
export async function optionOf(app: FastifyInstance, date: string, name: string) {
  const res = await getOptions(app, date)
  if (res.statusCode !== 200) throw new Error(`appOptions: ${res.statusCode} ${res.body}`)
  return (res.json().options as { name: string; slots: string[]; price: number | null }[]).find(
    (o) => o.name === name,
  )
}

/** The audit entries this admin wrote, oldest first. */
export const auditBy = (app: FastifyInstance, admin: TestAccount) =>
  app.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.actorId, admin.id))
    .orderBy(auditLog.at, auditLog.id)
