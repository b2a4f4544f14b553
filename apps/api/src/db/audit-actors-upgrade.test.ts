import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createEmptyTestDatabase } from '../test/test-database'
import { queryRows } from './client'
import { migrationsFolder, runMigrations } from './migrate'

/** A copy of the migrations that stops before `tag`, as an older server left the database. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await cp(migrationsFolder, folder, { recursive: true })
  const journalPath = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8'))
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag)
  journal.entries = journal.entries.slice(0, at)
  await writeFile(journalPath, JSON.stringify(journal))
  return folder
}

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
