import { readdir, readFile } from 'node:fs/promises'
import { AUDIT_EVENTS } from '@shared/audit'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { packagePath } from '../lib/package-path'
import { createTestDatabase } from '../test/test-database'
import type { DatabaseHandle } from './client'
import { queryRows } from './client'
import { outbox } from './schema'

let database: DatabaseHandle
let page: string
beforeAll(async () => {
  database = await createTestDatabase()
  page = await readFile(packagePath('../../docs/database-triggers.md'), 'utf8')
})
afterAll(() => database.close())

const triggers = () =>
  queryRows<{ name: string }>(
    database.db,
    sql`SELECT tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE NOT t.tgisinternal AND n.nspname = 'public' ORDER BY 1`,
  )

/** Ours: the functions of extensions (btree_gist) are not. */
const functions = () =>
  queryRows<{ name: string; body: string }>(
    database.db,
    sql`SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1`,
  )

/** The names in backticks in the page's trigger and function columns. */
const namedOnPage = () =>
  page
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const [, triggerCell = '', , functionCell = ''] = line.split('|')
      return [...`${triggerCell} ${functionCell}`.matchAll(/`([a-z_]+)`/g)].map(([, name]) => name)
    })

test('docs/database-triggers.md names every trigger and every function of the database', async () => {
  const found = [...(await triggers()), ...(await functions())].map(({ name }) => name)
  expect(found.length).toBeGreaterThan(0)
  const named = new Set(namedOnPage())
  expect(found.filter((name) => !named.has(name))).toEqual([])
})

const migrations = async () => {
  const files = (await readdir(packagePath('drizzle'))).filter((file) => file.endsWith('.sql')).sort()
  return Promise.all(
    files.map(async (file) => ({ file, source: await readFile(packagePath('drizzle', file), 'utf8') })),
  )
}

/** The last migration that creates the trigger or (re)defines the function. */
async function currentMigrationOf(kind: 'TRIGGER' | 'FUNCTION', name: string) {
  const defines = new RegExp(`CREATE (OR REPLACE )?${kind} "${name}"`)
  return (await migrations()).filter(({ source }) => defines.test(source)).at(-1)?.file
}

test('each row names the migration that holds the current version of its triggers and function', async () => {
  const rows = page.split('\n').filter((line) => /\| `\d{4}_[a-z_-]+\.sql` \|/.test(line))
  expect(rows.length).toBeGreaterThan(5)
  for (const row of rows) {
    const [, triggerCell = '', , functionCell = ''] = row.split('|')
    const named = row.match(/`(\d{4}_[a-z_-]+\.sql)`/)?.[1]
    const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map(([, name]) => name as string)
    const triggerFiles = await Promise.all(
      names(triggerCell).map((name) => currentMigrationOf('TRIGGER', name)),
    )
    expect(triggerFiles, row).not.toContain(undefined)
    // The function cell may also quote a channel (`agenda_changed`), which no migration defines.
    const functionFiles = await Promise.all(
      names(functionCell).map((name) => currentMigrationOf('FUNCTION', name)),
    )
    const current = [...triggerFiles, ...functionFiles].filter((file) => file !== undefined).sort()
    expect(current.at(-1), row).toBe(named)
  }
})

test('audit events and mail kinds that functions write are in the shared lists', async () => {
  const mailKinds: readonly string[] = outbox.kind.enumValues
  const auditEvents: readonly string[] = AUDIT_EVENTS
  const written: string[] = []
  for (const { name, body } of await functions()) {
    for (const [, kind = ''] of body.matchAll(/INSERT INTO outbox \(kind[^)]*\)\s+SELECT '([a-z_]+)'/g)) {
      expect(mailKinds, `${name} writes mail kind ${kind}`).toContain(kind)
      written.push(kind)
    }
    for (const [, event = ''] of body.matchAll(
      /INSERT INTO audit_log \(event[^)]*\)\s+SELECT '([a-z_]+)'/g,
    )) {
      expect(auditEvents, `${name} writes audit event ${event}`).toContain(event)
      written.push(event)
    }
  }
  expect(written).toEqual(
    expect.arrayContaining(['booking_confirmed', 'payment_receipt', 'payment_recorded']),
  )
})
