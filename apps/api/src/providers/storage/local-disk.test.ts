import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { localDiskStorage } from './local-disk'
import { randomStoredName, type Storage } from './storage'

let dataDir: string
let folder: string
let storage: Storage
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-storage-'))
  folder = path.join(dataDir, 'uploads')
  storage = localDiskStorage(folder)
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

test('stores, reads, tells and removes a file under a random name, creating the folder', async () => {
  const name = randomStoredName('webp')
  expect(name).toMatch(/^[0-9a-f]{32}\.webp$/)
  expect(await storage.exists(name)).toBe(false)
  await storage.put(name, Buffer.from('stored bytes'), 'image/webp')
  expect(await storage.exists(name)).toBe(true)
  expect((await storage.get(name))?.toString()).toBe('stored bytes')
  expect(await readdir(folder)).toEqual([name])
  await storage.remove(name)
  await storage.remove(name)
  expect(await storage.exists(name)).toBe(false)
  expect(await storage.get(name)).toBeUndefined()
})

test('two names are never the same', () => {
  const names = new Set(Array.from({ length: 1000 }, () => randomStoredName('webp')))
  expect(names.size).toBe(1000)
})

test('refuses any name that is not one of ours, before touching the disk', async () => {
  for (const name of [
    '../secret.webp',
    'a/../../b.webp',
    '.hidden.webp',
    'UPPERCASEUPPERCASE.webp',
    'short.webp',
    `${'a'.repeat(32)}.webp/`,
    '',
  ]) {
    await expect(storage.get(name)).rejects.toThrow('not a stored file name')
    await expect(storage.put(name, Buffer.from('x'), 'image/webp')).rejects.toThrow('not a stored file name')
    await expect(storage.remove(name)).rejects.toThrow('not a stored file name')
  }
})
