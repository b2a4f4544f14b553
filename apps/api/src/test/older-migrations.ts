import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrationsFolder } from '../db/migrate'

/** A copy of the migrations that stops before `tag`, as an older server left the database. */
export async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await cp(migrationsFolder, folder, { recursive: true })
  const journalPath = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8'))
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  journal.entries = journal.entries.slice(0, at)
  await writeFile(journalPath, JSON.stringify(journal))
  return folder
}
