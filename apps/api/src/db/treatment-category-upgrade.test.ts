import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { migrationsBefore } from '../test/older-migrations'
import { createEmptyTestDatabase } from '../test/test-database'
import { queryRows } from './client'
import { runMigrations } from './migrate'
import { pgError } from './pg-error'

test('upgrading puts each existing treatment in the price-list group its name points to, and the database keeps to the list', async () => {
  const database = await createEmptyTestDatabase()
  const older = await migrationsBefore('0020_treatment-category')
  try {
    await runMigrations(database, older)
    await database.db.execute(sql`
      INSERT INTO treatments (name, price_tk, position) VALUES
        ('Teeth Orthodontics', 1500, 0), ('Cosmetic Dentistry', 1200, 1), ('Teeth Cleaning', 800, 2),
        ('Cavity Protection', 1000, 3), ('Pediatric Dental', 700, 4), ('Oral Surgery', 2500, 5),
        ('Wisdom Tooth Extraction', 3000, 6), ('Scale and Polish', 900, 7), ('Check-up', NULL, 8)`)

    await runMigrations(database)

    const rows = await queryRows<{ name: string; category: string }>(
      database.db,
      sql`SELECT name, category FROM treatments ORDER BY position`,
    )
    expect(rows).toEqual([
      { name: 'Teeth Orthodontics', category: 'Cosmetic' },
      { name: 'Cosmetic Dentistry', category: 'Cosmetic' },
      { name: 'Teeth Cleaning', category: 'Hygiene' },
      { name: 'Cavity Protection', category: 'Dental Essentials' },
      { name: 'Pediatric Dental', category: 'Dental Essentials' },
      { name: 'Oral Surgery', category: 'Dental Surgery' },
      { name: 'Wisdom Tooth Extraction', category: 'Dental Surgery' },
      { name: 'Scale and Polish', category: 'Hygiene' },
      { name: 'Check-up', category: 'Dental Essentials' },
    ])
    const refused = await database.db
      .execute(sql`INSERT INTO treatments (name, category) VALUES ('Veneers', 'Orthodontics')`)
      .then(() => undefined, pgError)
    expect(refused?.constraint).toBe('treatments_category_known')
  } finally {
    await rm(older, { recursive: true, force: true })
    await database.close()
  }
})
