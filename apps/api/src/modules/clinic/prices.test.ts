import { TREATMENT_CATEGORIES } from '@shared/treatment-categories'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { demoTreatments } from '../../db/seed'
import { createAdmin, type TestAccount } from '../../test/factories'
import { createTreatment, scheduleCall } from '../../test/schedule-kit'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
let admin: TestAccount
beforeAll(async () => {
  app = await createTestApp()
  admin = await createAdmin(app)
})
afterAll(() => app.close())

const prices = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/prices' })
  expect(res.statusCode).toBe(200)
  return res.json().treatments as { _id: string; name: string; price: number | null; category: string }[]
}

test('GET /api/prices gives everyone the treatments offered now with their fees in TK and categories, in the clinic’s order', async () => {
  const listed = await prices()
  expect(
    listed
      .slice(0, demoTreatments.length)
      .map(({ name, price, category }) => ({ name, priceTk: price, category })),
  ).toEqual(demoTreatments.map(({ name, priceTk, category }) => ({ name, priceTk, category })))
  expect(new Set(demoTreatments.map((treatment) => treatment.category))).toEqual(
    new Set(TREATMENT_CATEGORIES),
  )
  for (const entry of listed) expect(Object.keys(entry).sort()).toEqual(['_id', 'category', 'name', 'price'])
})

test('a fee or category changed, a treatment added or retired on the dashboard is what the prices say next', async () => {
  const added = await createTreatment(app, admin, { price: 650, category: 'Cosmetic' })
  const { _id, name } = added
  expect(await prices()).toContainEqual({ _id, name, price: 650, category: 'Cosmetic' })
  await scheduleCall(app, admin, 'PATCH', `/treatments/${added._id}`, { price: 725 })
  expect(await prices()).toContainEqual({ _id, name, price: 725, category: 'Cosmetic' })
  await scheduleCall(app, admin, 'PATCH', `/treatments/${added._id}`, { category: 'Dental Surgery' })
  expect(await prices()).toContainEqual({ _id, name, price: 725, category: 'Dental Surgery' })
  await scheduleCall(app, admin, 'DELETE', `/treatments/${added._id}`)
  expect((await prices()).map((treatment) => treatment._id)).not.toContain(added._id)
})
