import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { readTar, TAR_END, tarFile } from './tar'

const files = [
  { name: 'manifest.json', bytes: Buffer.from('{"format":1}') },
  { name: 'uploads/0123456789abcdef0123456789abcdef.webp', bytes: randomBytes(1500) },
  { name: 'empty', bytes: Buffer.alloc(0) },
  { name: 'exactly-one-block', bytes: randomBytes(512) },
]
const archive = () => Buffer.concat([...files.flatMap(tarFile), TAR_END])

test('reads back every file it wrote, byte for byte', () => {
  expect(readTar(archive())).toEqual(files)
})

test('writes archives that the system tar lists and extracts', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-tar-'))
  try {
    await writeFile(path.join(dir, 'archive.tar'), archive())
    const listed = execFileSync('tar', ['-tf', 'archive.tar'], { cwd: dir, encoding: 'utf8' })
    expect(listed.trim().split('\n')).toEqual(files.map((file) => file.name))
    execFileSync('tar', ['-xf', 'archive.tar'], { cwd: dir })
    expect(await readFile(path.join(dir, files[1]?.name ?? ''))).toEqual(files[1]?.bytes)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('refuses an archive cut off anywhere, and one that is not tar', () => {
  const whole = archive()
  for (const length of [100, 512, 1024, 2600, whole.length - TAR_END.length]) {
    expect(() => readTar(whole.subarray(0, length))).toThrow(/cut off/)
  }
  expect(() => readTar(Buffer.alloc(600, 1))).toThrow(/not a ustar archive/)
})
