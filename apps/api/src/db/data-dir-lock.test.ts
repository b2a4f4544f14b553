import { spawn } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock'

const tempDir = () => mkdtemp(path.join(tmpdir(), 'portal-lock-'))

test('a data directory held by a running process is refused with a clear message', async () => {
  const dir = await tempDir()
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
  try {
    await writeFile(path.join(dir, 'server.lock'), String(other.pid))
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/is in use by another server/)
  } finally {
    other.kill()
  }
})

test('a lock left behind by a crashed server is taken over and released on close', async () => {
  const dir = await tempDir()
  await writeFile(path.join(dir, 'server.lock'), '999999999')
  const release = await acquireDataDirLock(dir)
  expect(await readFile(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid))
  await release()
  const again = await acquireDataDirLock(dir)
  await again()
})
