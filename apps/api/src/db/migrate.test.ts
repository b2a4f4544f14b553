import { readdirSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../test/test-app'
import { createEmptyTestDatabase } from '../test/test-database'
import { queryRows } from './client'
import { migrationsFolder } from './migrate'
import { treatmentSlots, treatments } from './schema'
import { demoSlotStarts, demoTreatments } from './seed'

test('a fresh database is migrated and gets the demo clinic once, across restarts', async () => {
  const database = await createEmptyTestDatabase()
  const keepOpen = { ...database, close: async () => {} }
  const first = await buildApp(testConfig(), { database: keepOpen, logger: false })
  await first.close()
  const second = await buildApp(testConfig(), { database: keepOpen, logger: false })

  const rows = await database.db
    .select({
      name: treatments.name,
      priceTk: treatments.priceTk,
      slots: sql<number>`count(${treatmentSlots.id})::int`,
    })
    .from(treatments)
    .innerJoin(treatmentSlots, eq(treatmentSlots.treatmentId, treatments.id))
    .groupBy(treatments.id)
    .orderBy(treatments.position)
  expect(rows.map((r) => r.name)).toEqual(demoTreatments.map((t) => t.name))
  for (const row of rows) {
    expect(row.priceTk).toBeGreaterThan(0)
    expect(row.slots).toBe(demoSlotStarts().length)
  }
  expect(demoSlotStarts()[0]).toBe('08:00')
  expect(demoSlotStarts().at(-1)).toBe('17:30')
  const migrations = await queryRows(database.db, sql`SELECT hash FROM drizzle.__drizzle_migrations`)
  expect(migrations).toHaveLength(readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length)
  await second.close()
  await database.close()
}, 60_000)
