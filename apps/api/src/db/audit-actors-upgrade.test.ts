import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { migrationsBefore } from '../test/older-migrations'
import { createEmptyTestDatabase } from '../test/test-database'
import { queryRows } from './client'
import { runMigrations } from './migrate'

test("upgrading clears the actor older servers wrote on a stranger's attempts, and keeps the owner's own", async () => {
  const database = await createEmptyTestDatabase()
  const older = await migrationsBefore('0012_anonymous_attempts_have_no_actor')
  try {
    await runMigrations(database, older)
    const [account] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (name, email) VALUES ('Amina', 'amina@example.test') RETURNING id`,
    )
    const id = account?.id
    await database.db.execute(sql`
      INSERT INTO audit_log (event, user_id, actor_id, email, detail) VALUES
        ('login_failed', ${id}, ${id}, 'amina@example.test', NULL),
        ('password_reset_requested', ${id}, ${id}, 'amina@example.test', NULL),
        ('login_failed', ${id}, ${id}, 'amina@example.test', '{"via":"account_page"}'),
        ('login_succeeded', ${id}, ${id}, 'amina@example.test', NULL)`)

    await runMigrations(database)

    const rows = await queryRows<{ event: string; via: string | null; actor: string | null }>(
      database.db,
      sql`SELECT event, detail->>'via' AS via, actor_id AS actor FROM audit_log ORDER BY id`,
    )
    expect(rows).toEqual([
      { event: 'login_failed', via: null, actor: null },
      { event: 'password_reset_requested', via: null, actor: null },
      { event: 'login_failed', via: 'account_page', actor: id },
      { event: 'login_succeeded', via: null, actor: id },
    ])
  } finally {
    await rm(older, { recursive: true, force: true })
    await database.close()
  }
})
