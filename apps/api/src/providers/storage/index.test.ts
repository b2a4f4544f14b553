import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Config } from '../../config'
import type { DatabaseHandle } from '../../db/client'
import { storedFiles } from '../../db/schema'
import { createTestDatabase, testDatabaseKind } from '../../test/test-database'
import { createStorage, randomStoredName, uploadsFolder } from '.'

let database: DatabaseHandle
let dataDir: string
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-storage-choice-'))
})
afterAll(async () => {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Where a file stored by the chosen storage ends up: files of a folder, rows of the table. */
async function storedWhere(config: Pick<Config, 'dataDir' | 'uploadsDir'>) {
  const name = randomStoredName('webp')
  await createStorage(config, database).put(name, Buffer.from('photo'), 'image/webp')
  const inFolder = async (folder: string) =>
    (await readdir(folder).catch(() => [] as string[])).includes(name)
  const rows = await database.db.select({ name: storedFiles.name }).from(storedFiles)
  return {
    uploadsDir: config.uploadsDir ? await inFolder(config.uploadsDir) : false,
    dataDir: await inFolder(uploadsFolder(config.dataDir)),
    database: rows.some((row) => row.name === name),
  }
}

test('UPLOADS_DIR names the folder, whatever the database', async () => {
  const uploadsDir = path.join(dataDir, 'shared-disk')
  expect(await storedWhere({ dataDir, uploadsDir })).toEqual({
    uploadsDir: true,
    dataDir: false,
    database: false,
  })
})

test('without it, PostgreSQL keeps the files, and PGlite DATA_DIR/uploads', async () => {
  const onPostgres = testDatabaseKind === 'postgres'
  expect(await storedWhere({ dataDir, uploadsDir: undefined })).toEqual({
    uploadsDir: false,
    dataDir: !onPostgres,
    database: onPostgres,
  })
})
