import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { images } from '../../db/schema'
import { randomStoredName } from '../../providers/storage'
import { createAdmin, type TestAccount } from '../../test/factories'
import { tempDataDir, uploadedUrl } from '../../test/image-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

let app: FastifyInstance
let admin: TestAccount
let data: Awaited<ReturnType<typeof tempDataDir>>
beforeAll(async () => {
  data = await tempDataDir()
  app = await createTestApp({ DATA_DIR: data.dataDir })
  admin = await createAdmin(app)
})
afterAll(async () => {
  await app.close()
  await data.remove()
})

test('a stored image is served as WebP, nosniff, cached for a year, to anyone', async () => {
  const url = await uploadedUrl(app, admin)
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
  expect(res.rawPayload.toString('latin1', 8, 12)).toBe('WEBP')
  // The web app's own Content-Security-Policy lets its pages show them.
  expect(res.headers['content-security-policy']).toMatch(/img-src 'self'/)
})

test('a made-up name, a file with no row of ours, and a row whose file is gone are 404', async () => {
  const madeUp = randomStoredName('webp')
  expect(refusal(await app.inject({ method: 'GET', url: `/uploads/${madeUp}` }))).toEqual({
    status: 404,
    code: 'NOT_FOUND',
  })
  const planted = randomStoredName('webp')
  await app.storage.put(planted, Buffer.from('<script>alert(1)</script>'), 'text/html')
  expect(await app.storage.exists(planted)).toBe(true)
  expect((await app.inject({ method: 'GET', url: `/uploads/${planted}` })).statusCode).toBe(404)
  const lost = randomStoredName('webp')
  await app.database.db
    .insert(images)
    .values({ name: lost, contentType: 'image/webp', bytes: 10, width: 1, height: 1 })
  expect((await app.inject({ method: 'GET', url: `/uploads/${lost}` })).statusCode).toBe(404)
})

test('no path outside the stored names is read', async () => {
  await writeFile(path.join(data.dataDir, 'secret.txt'), 'top secret')
  for (const url of [
    '/uploads/..%2fsecret.txt',
    '/uploads/%2e%2e%2fsecret.txt',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/uploads/..%5c..%5cpackage.json',
    '/uploads/.%2e',
    `/uploads/${'a'.repeat(32)}.webp%00.png`,
    `/uploads/${'A'.repeat(32)}.WEBP`,
    '/uploads/',
    '/uploads/../package.json',
  ]) {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(404)
    expect(res.headers['content-type'], url).toMatch(/^application\/json/)
    expect(res.body, url).not.toContain('top secret')
  }
})
