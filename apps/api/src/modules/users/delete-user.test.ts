import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, bookings, payments, users } from '../../db/schema'
import { book, day, freeSlots, TODAY, testClock } from '../../test/booking-kit'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { whoAmI } from '../../test/me-kit'
import { payWithSandbox, pricedBooking } from '../../test/payment-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
let admin: TestAccount
const clock = testClock('Asia/Dhaka', TODAY, '09:10')
beforeAll(async () => {
  app = await createTestApp({}, { now: clock.now })
  admin = await createAdmin(app)
})
afterAll(() => app.close())

const deleteUser = (id: string, by: Partial<TestAccount> = admin) =>
  app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: by.headers ?? {} })

const bookingStatus = async (id: string) =>
  (await app.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]

describe('DELETE /api/users/:id', () => {
  test('cancels unpaid upcoming bookings, refunds paid ones, keeps past ones, ends the sessions', async () => {
    const { patient, bookingId: paidId, slot: paidSlot } = await pricedBooking(app, 5)
    await payWithSandbox(app, patient, paidId)
    const unpaidSlot = '11:00 AM - 11:30 AM'
    clock.at(day(-2), '09:00')
    const past = await book(app, patient, { appointmentDate: day(-1), slot: unpaidSlot })
    const pastId: string = past.json().bookings.insertedId
    clock.at(TODAY, '09:10')
    // Paid tomorrow, inside the patient's refund cutoff: the clinic cancels, so it is refunded too.
    const [soonSlot] = await freeSlots(app, day(1), 'Teeth Orthodontics')
    const soon = await book(app, patient, {
      appointmentDate: day(1),
      treatmentName: 'Teeth Orthodontics',
      slot: soonSlot,
    })
    const soonId: string = soon.json().bookings.insertedId
    await payWithSandbox(app, patient, soonId)
    const unpaid = await book(app, patient, { appointmentDate: day(6), slot: unpaidSlot })
    const unpaidId: string = unpaid.json().bookings.insertedId
    expect(await freeSlots(app, day(6))).not.toContain(unpaidSlot)
    expect((await whoAmI(app, patient)).statusCode).toBe(200)

    const res = await deleteUser(patient.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ user: { deletedCount: 1, cancelledBookings: 1, refundedBookings: 2 } })

    expect(await freeSlots(app, day(6))).toContain(unpaidSlot)
    expect(await freeSlots(app, day(5))).toContain(paidSlot)
    expect(await freeSlots(app, day(1), 'Teeth Orthodontics')).toContain(soonSlot)
    expect(await bookingStatus(unpaidId)).toMatchObject({
      status: 'cancelled',
      patientName: 'Deleted account',
    })
    expect(await bookingStatus(paidId)).toMatchObject({ status: 'cancelled', paid: false })
    expect(await bookingStatus(pastId)).toMatchObject({ status: 'booked', appointmentDate: day(-1) })
    const paid = await app.database.db.select().from(payments).where(eq(payments.bookingId, paidId))
    expect(paid.map((payment) => payment.status)).toEqual(['refunded'])
    const refundedSoon = await app.database.db.select().from(payments).where(eq(payments.bookingId, soonId))
    expect(refundedSoon.map((payment) => payment.status)).toEqual(['refunded'])

    expect(refusal(await whoAmI(app, patient))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const [row] = await app.database.db.select().from(users).where(eq(users.id, patient.id))
    expect(row).toMatchObject({ name: 'Deleted account', role: 'patient', passwordHash: null })
    expect(row?.deletedAt).toBeInstanceOf(Date)
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patient.id), eq(auditLog.event, 'account_deleted')))
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        email: null,
        detail: { by: 'admin', cancelledBookings: 1, refundedBookings: 2 },
      }),
    ])
  })

  test('an admin can be deleted by another admin; then they are no admin at all', async () => {
    const other = await createAdmin(app)
    expect((await deleteUser(other.id)).json()).toEqual({
      user: { deletedCount: 1, cancelledBookings: 0, refundedBookings: 0 },
    })
    expect(refusal(await deleteUser(admin.id, other))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })

  test('an admin cannot delete themself', async () => {
    const res = await deleteUser(admin.id)
    expect(refusal(res)).toEqual({ status: 409, code: 'CANNOT_DELETE_SELF' })
    expect(res.json().message).toBe(
      'You cannot delete your own account here. Use Delete account on your Account page.',
    )
    expect((await whoAmI(app, admin)).statusCode).toBe(200)
  })

  test('an unknown id, a malformed one and an account already deleted answer 404', async () => {
    const patient = await createAccount(app)
    expect((await deleteUser(patient.id)).statusCode).toBe(200)
    for (const id of [patient.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(refusal(await deleteUser(id))).toEqual({ status: 404, code: 'NOT_FOUND' })
    }
    const deletions = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patient.id), eq(auditLog.event, 'account_deleted')))
    expect(deletions).toHaveLength(1)
  })

  test('a patient gets 403 and an anonymous caller 401, and nothing is deleted', async () => {
    const [patient, victim] = [await createAccount(app), await createAccount(app)]
    expect(refusal(await deleteUser(victim.id, patient))).toEqual({ status: 403, code: 'FORBIDDEN' })
    expect(refusal(await deleteUser(victim.id, {}))).toEqual({ status: 401, code: 'UNAUTHORIZED' })
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, victim.id), isNull(users.deletedAt)))
    expect(row?.email).toBe(victim.email)
  })
})

describe('two admins deleting each other at once', () => {
  test('one wins, and an admin remains', async () => {
    const separate = await createTestApp()
    try {
      const [a, b] = [await createAdmin(separate), await createAdmin(separate)]
      const answers = await Promise.all(
        [
          [a, b],
          [b, a],
        ].map(([by, whom]) =>
          separate.inject({ method: 'DELETE', url: `/api/users/${whom?.id}`, headers: by?.headers }),
        ),
      )
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1)
      const lost = answers.filter((res) => res.statusCode !== 200)
      // Refused under the lock, or before it: its session had ended with its account.
      expect(lost.map((res) => refusal(res).code)).toEqual([
        expect.stringMatching(/^(LAST_ADMIN|FORBIDDEN|UNAUTHORIZED)$/),
      ])
      const admins = await separate.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
      expect(admins).toHaveLength(1)
    } finally {
      await separate.close()
    }
  })
})
