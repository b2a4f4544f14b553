import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { localDiskStorage } from './local-disk'
import { randomStoredName } from './storage'

// What every storage does is in storage.test.ts; this is the disk's own.
let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-storage-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

test('creates its folder on the first write and writes the file there under its name, nothing else', async () => {
  const folder = path.join(dataDir, 'uploads')
  const name = randomStoredName('webp')
  await localDiskStorage(folder).put(name, Buffer.from('stored bytes'), 'image/webp')
  expect(await readdir(folder)).toEqual([name])
})
