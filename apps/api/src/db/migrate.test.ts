import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../test/test-app'
import { createEmptyTestDatabase, createTestDatabase } from '../test/test-database'
import { queryRows } from './client'
import { migrationsFolder, runMigrations } from './migrate'
import { treatmentSlots, treatments } from './schema'
import { demoSlotStarts, demoTreatments } from './seed'

/** Spec section 9: the Team page's eight members, the demo clinic's doctors (decision 0030). */
const SPEC_TEAM = [
  'Dr. Sarah Lee',
  'Dr. Michael Chen',
  'Dr. Amina Rahman',
  'Dr. Daniel Okafor',
  'Dr. Emily Carter',
  'Dr. Rafael Ortiz',
  'Grace Kim',
  'Noah Williams',
]

test('a fresh database is migrated and gets the demo clinic and its eight doctors with their photos once, across restarts', async () => {
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
  const team: { name: string; image: string }[] = (
    await second.inject({ method: 'GET', url: '/api/team' })
  ).json().doctors
  expect(team.map((doctor) => doctor.name).sort()).toEqual([...SPEC_TEAM].sort())
  for (const doctor of team)
    expect((await second.inject({ method: 'GET', url: doctor.image })).statusCode).toBe(200)
  const migrations = await queryRows(database.db, sql`SELECT hash FROM drizzle.__drizzle_migrations`)
  expect(migrations).toHaveLength(readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length)
  await second.close()
  await database.close()
}, 60_000)

test('a database that recorded the newest migration is not checked file by file at each start', async () => {
  const database = await createTestDatabase()
  // The journal alone, without one migration file: Drizzle's own check would read them all.
  const journalOnly = mkdtempSync(path.join(tmpdir(), 'portal-journal-'))
  mkdirSync(path.join(journalOnly, 'meta'))
  copyFileSync(
    path.join(migrationsFolder, 'meta', '_journal.json'),
    path.join(journalOnly, 'meta', '_journal.json'),
  )
  try {
    await expect(runMigrations(database, journalOnly)).resolves.toBeUndefined()
    await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations
      WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`)
    await expect(runMigrations(database, journalOnly)).rejects.toThrow()
  } finally {
    rmSync(journalOnly, { recursive: true, force: true })
    await database.close()
  }
})
