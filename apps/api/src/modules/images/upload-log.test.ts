import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../app'
import { captureLog } from '../../test/captured-log'
import { captureMail } from '../../test/captured-mail'
import { createAdmin, type TestAccount } from '../../test/factories'
import { noiseJpeg, tempDataDir, uploadImage } from '../../test/image-kit'
import { testConfig } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'

const { lines, stream: logStream } = captureLog()
let app: FastifyInstance
let admin: TestAccount
let data: Awaited<ReturnType<typeof tempDataDir>>
beforeAll(async () => {
  data = await tempDataDir()
  app = await buildApp(testConfig({ LOG_LEVEL: 'trace', DATA_DIR: data.dataDir }), {
    database: await createTestDatabase(),
    webDir: '/nonexistent',
    mailer: captureMail(),
    logStream,
  })
  admin = await createAdmin(app)
})
afterAll(async () => {
  await app.close()
  await data.remove()
})

test('an upload’s log lines hold neither its bytes nor the bearer token, at the most verbose level', async () => {
  const marker = `marker-${randomUUID()}`
  const jpeg = await noiseJpeg(64, 48, { orientation: 1, exif: { IFD0: { ImageDescription: marker } } })
  const accepted = await uploadImage(app, admin, { bytes: jpeg, filename: `${marker}.jpg` })
  expect(accepted.statusCode).toBe(200)
  const text = Buffer.from(`<html>${marker}</html>`)
  expect((await uploadImage(app, admin, { bytes: text, filename: 'x.png' })).statusCode).toBe(400)
  const tooLarge = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024, 7)])
  expect((await uploadImage(app, admin, { bytes: tooLarge })).statusCode).toBe(413)

  const log = lines.join('')
  expect(log).toContain('/api/images')
  for (const secret of [
    marker,
    admin.token,
    jpeg.subarray(0, 48).toString('base64'),
    jpeg.subarray(0, 48).toString('hex'),
    jpeg.subarray(0, 48).toString('latin1'),
  ]) {
    expect(log).not.toContain(secret)
  }
})
