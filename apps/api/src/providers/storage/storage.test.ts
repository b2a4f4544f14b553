import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase } from '../../test/test-database'
import { databaseStorage } from './database'
import { localDiskStorage } from './local-disk'
import { randomStoredName, type Storage } from './storage'

/** Each storage the server may choose, opened on a place of the test's own. */
const providers: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [
  [
    'local disk',
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'portal-storage-'))
      return { storage: localDiskStorage(folder), close: () => rm(folder, { recursive: true, force: true }) }
    },
  ],
  [
    'database',
    async () => {
      const database = await createTestDatabase()
      return { storage: databaseStorage(database.db), close: () => database.close() }
    },
  ],
]

describe.each(providers)('the %s storage', (_, open) => {
  let storage: Storage
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, close } = await open())
  })
  afterAll(() => close())

  test('stores, reads, tells and removes a file; removing one already gone is no error', async () => {
    const name = randomStoredName('webp')
    expect(await storage.exists(name)).toBe(false)
    await storage.put(name, Buffer.from('stored bytes'), 'image/webp')
    expect(await storage.exists(name)).toBe(true)
    expect((await storage.get(name))?.toString()).toBe('stored bytes')
    await storage.remove(name)
    await storage.remove(name)
    expect(await storage.exists(name)).toBe(false)
    expect(await storage.get(name)).toBeUndefined()
  })

  test('gives back every byte value as a Buffer (the reply sends it as is), from a view into a larger array', async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i)
    const larger = new Uint8Array(300)
    larger.set(everyByte, 20)
    const name = randomStoredName('webp')
    await storage.put(name, larger.subarray(20, 276), 'image/webp')
    const read = await storage.get(name)
    expect(Buffer.isBuffer(read)).toBe(true)
    expect(read?.equals(everyByte)).toBe(true)
  })

  test('keeps each file apart from the others', async () => {
    const names = [randomStoredName('webp'), randomStoredName('webp')]
    await Promise.all(names.map((name) => storage.put(name, Buffer.from(name), 'image/webp')))
    await storage.remove(names[0] as string)
    expect(await storage.exists(names[0] as string)).toBe(false)
    expect((await storage.get(names[1] as string))?.toString()).toBe(names[1])
  })

  test('refuses any name that is not one of ours, before touching anything', async () => {
    for (const name of [
      '../secret.webp',
      'a/../../b.webp',
      '.hidden.webp',
      'UPPERCASEUPPERCASE.webp',
      'short.webp',
      `${'a'.repeat(32)}.webp/`,
      "x'; DROP TABLE stored_files; --",
      '',
    ]) {
      await expect(storage.get(name)).rejects.toThrow('not a stored file name')
      await expect(storage.put(name, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        'not a stored file name',
      )
      await expect(storage.remove(name)).rejects.toThrow('not a stored file name')
      await expect(storage.exists(name)).rejects.toThrow('not a stored file name')
    }
  })
})

test('two names are never the same', () => {
  const names = new Set(Array.from({ length: 1000 }, () => randomStoredName('webp')))
  expect(names.size).toBe(1000)
})
