import { SCHEDULE_MESSAGES as M } from '@shared/schedule'
import { DEFAULT_TREATMENT_CATEGORY } from '@shared/treatment-categories'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { day, TODAY, testClock } from '../../test/booking-kit'
import { createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import {
  auditBy,
  bookAs,
  bookingRow,
  createTreatment,
  optionOf,
  scheduleCall,
  uniqueTreatmentName,
} from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

describe('treatments, edited by admins', () => {
  let app: FastifyInstance
  let admin: TestAccount
  beforeAll(async () => {
    app = await createTestApp({}, { now: testClock('Asia/Dhaka', TODAY, '09:10').now })
    admin = await createAdmin(app)
  })
  afterAll(() => app.close())

  test('a new treatment with a slot is offered at once, last in the clinic order', async () => {
    const date = day(5)
    const before = await optionOf(app, date, 'Teeth Cleaning')
    expect(before).toBeDefined()
    const name = uniqueTreatmentName('Gum Care')
    const treatment = await createTreatment(app, admin, {
      name,
      price: 650,
      category: 'Dental Surgery',
      starts: ['09:00', '11:15'],
    })
    expect(treatment).toMatchObject({ name, price: 650, category: 'Dental Surgery', retiredAt: null })
    expect(treatment.slots.map((s) => s.label)).toEqual(['09:00 AM - 09:30 AM', '11:15 AM - 11:45 AM'])

    const { options } = (await app.inject({ method: 'GET', url: `/api/appOptions?date=${date}` })).json()
    expect(options.at(-1)).toEqual({
      _id: treatment._id,
      name,
      price: 650,
      slots: ['09:00 AM - 09:30 AM', '11:15 AM - 11:45 AM'],
    })
    const specialty = (await app.inject({ method: 'GET', url: '/api/appointmentSpecialty' })).json().specialty
    expect(specialty.map((s: { name: string }) => s.name)).toContain(name)

    const listed = (await scheduleCall(app, admin, 'GET', '')).json().treatments
    expect(listed.find((t: { _id: string }) => t._id === treatment._id)).toEqual(treatment)
  })

  test('a treatment without a fee has price null', async () => {
    const treatment = await createTreatment(app, admin, { price: null })
    expect(treatment.price).toBeNull()
    expect((await optionOf(app, day(2), treatment.name))?.price).toBeNull()
  })

  test('a treatment added without a category joins the general group', async () => {
    const res = await scheduleCall(app, admin, 'POST', '/treatments', {
      name: uniqueTreatmentName(),
      price: 300,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().treatment.category).toBe(DEFAULT_TREATMENT_CATEGORY)
  })

  test('names are unique among offered treatments, checked by the database', async () => {
    const { name } = await createTreatment(app, admin)
    const again = await scheduleCall(app, admin, 'POST', '/treatments', { name, price: 100 })
    expect(again.json()).toEqual({ code: 'TREATMENT_NAME_TAKEN', message: M.nameTaken })
    expect(again.statusCode).toBe(409)
    expect(
      refusal(await scheduleCall(app, admin, 'POST', '/treatments', { name: 'Teeth Cleaning', price: 1 })),
    ).toEqual({ status: 409, code: 'TREATMENT_NAME_TAKEN' })
    const other = await createTreatment(app, admin)
    const rename = await scheduleCall(app, admin, 'PATCH', `/treatments/${other._id}`, { name })
    expect(refusal(rename)).toEqual({ status: 409, code: 'TREATMENT_NAME_TAKEN' })
  })

  test('invalid names and prices are refused with a message', async () => {
    const cases: [unknown, string][] = [
      [{ price: 100 }, M.nameRequired],
      [{ name: '   ', price: 100 }, M.nameRequired],
      [{ name: 'x'.repeat(101), price: 100 }, 'The treatment name must be 100 characters or fewer.'],
      [{ name: 'Bad\u0000name', price: 100 }, 'Please use letters, digits and punctuation only.'],
      [{ name: 'Fine', price: -1 }, M.price],
      [{ name: 'Fine', price: 10.5 }, M.price],
      [{ name: 'Fine', price: '100' }, M.price],
      [{ name: 'Fine', price: 10_000_001 }, M.price],
      [{ name: 'Fine' }, M.price],
      [{ name: 'Fine', price: 100, category: 'Orthodontics' }, M.category],
      [{ name: 'Fine', price: 100, category: 'hygiene' }, M.category],
      [{ name: 'Fine', price: 100, category: null }, M.category],
    ]
    for (const [body, message] of cases) {
      const res = await scheduleCall(app, admin, 'POST', '/treatments', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION', message })
    }
    const { _id } = await createTreatment(app, admin)
    const empty = await scheduleCall(app, admin, 'PATCH', `/treatments/${_id}`, {})
    expect(empty.json()).toEqual({ code: 'VALIDATION', message: M.nothingToChange })
    const unknown = await scheduleCall(app, admin, 'PATCH', `/treatments/${_id}`, { category: 'Implants' })
    expect(unknown.json()).toEqual({ code: 'VALIDATION', message: M.category })
  })

  test('a new name and price apply to new bookings; existing ones keep theirs', async () => {
    const treatment = await createTreatment(app, admin, { price: 900, starts: ['10:00', '10:30'] })
    const date = day(3)
    const { id } = await bookAs(app, treatment.name, date, '10:00 AM - 10:30 AM')
    const newName = uniqueTreatmentName('Renamed')
    const res = await scheduleCall(app, admin, 'PATCH', `/treatments/${treatment._id}`, {
      name: newName,
      price: 1200,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().treatment).toMatchObject({ _id: treatment._id, name: newName, price: 1200 })

    expect(await bookingRow(app, id)).toMatchObject({
      treatmentName: treatment.name,
      priceTk: 900,
      status: 'booked',
    })
    expect(await optionOf(app, date, treatment.name)).toBeUndefined()
    expect(await optionOf(app, date, newName)).toMatchObject({ price: 1200, slots: ['10:30 AM - 11:00 AM'] })
    const next = await bookAs(app, newName, date, '10:30 AM - 11:00 AM')
    expect(await bookingRow(app, next.id)).toMatchObject({ treatmentName: newName, priceTk: 1200 })

    const priceOnly = await scheduleCall(app, admin, 'PATCH', `/treatments/${treatment._id}`, { price: null })
    expect(priceOnly.json().treatment).toMatchObject({ name: newName, price: null, category: 'Hygiene' })
  })

  test('a new category moves the treatment to that group, nothing else', async () => {
    const treatment = await createTreatment(app, admin, { price: 400, category: 'Hygiene' })
    const res = await scheduleCall(app, admin, 'PATCH', `/treatments/${treatment._id}`, {
      category: 'Cosmetic',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().treatment).toEqual({ ...treatment, category: 'Cosmetic' })
  })

  test('an unknown treatment is a 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(refusal(await scheduleCall(app, admin, 'PATCH', `/treatments/${id}`, { price: 1 }))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      })
      expect(refusal(await scheduleCall(app, admin, 'GET', `/treatments/${id}/impact`))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      })
    }
  })

  test('creating and changing a treatment is audited with the admin as the actor', async () => {
    const auditor = await createAdmin(app)
    const treatment = await createTreatment(app, auditor, {
      name: uniqueTreatmentName('Audited'),
      price: 500,
      starts: [],
    })
    await scheduleCall(app, auditor, 'PATCH', `/treatments/${treatment._id}`, { price: 550 })
    await scheduleCall(app, auditor, 'PATCH', `/treatments/${treatment._id}`, {
      category: 'Dental Essentials',
    })
    const entries = await auditBy(app, auditor)
    expect(entries.map((e) => [e.event, e.userId])).toEqual([
      ['treatment_created', null],
      ['treatment_changed', null],
      ['treatment_changed', null],
    ])
    const { name } = treatment
    expect(entries[0]?.detail).toEqual({ treatmentId: treatment._id, name, price: 500, category: 'Hygiene' })
    expect(entries[1]?.detail).toEqual({
      treatmentId: treatment._id,
      from: { name, price: 500, category: 'Hygiene' },
      to: { name, price: 550, category: 'Hygiene' },
    })
    expect(entries[2]?.detail).toEqual({
      treatmentId: treatment._id,
      from: { name, price: 550, category: 'Hygiene' },
      to: { name, price: 550, category: 'Dental Essentials' },
    })
  })
})
