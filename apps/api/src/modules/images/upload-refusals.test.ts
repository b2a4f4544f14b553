import { IMAGE_MESSAGES } from '@shared/images'
import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { images } from '../../db/schema'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import {
  hugePng,
  multipartBody,
  noiseJpeg,
  pngImage,
  storedNames,
  tempDataDir,
  uploadImage,
} from '../../test/image-kit'
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

const imageRows = async () => (await app.database.db.select({ n: count() }).from(images))[0]?.n ?? 0

describe('POST /api/images refuses what is not a whole JPEG, PNG or WebP, and stores nothing of it', () => {
  const invalid = { status: 400, code: 'IMAGE_INVALID' }
  const tooLarge = { status: 413, code: 'IMAGE_TOO_LARGE' }
  let rowsBefore: number
  let filesBefore: string[]
  beforeAll(async () => {
    rowsBefore = await imageRows()
    filesBefore = await storedNames(app)
  })
  afterAll(async () => {
    expect(await imageRows()).toBe(rowsBefore)
    expect(await storedNames(app)).toEqual(filesBefore)
  })

  test('from anyone but an admin: 401 signed out, 403 for a patient', async () => {
    const png = await pngImage(40, 30)
    expect(refusal(await uploadImage(app, null, { bytes: png }))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const patient = await createAccount(app)
    expect(refusal(await uploadImage(app, patient, { bytes: png }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    })
  })

  test('a text file renamed .png', async () => {
    const res = await uploadImage(app, admin, {
      bytes: Buffer.from('just some notes\n'),
      filename: 'notes.png',
    })
    expect(refusal(res)).toEqual(invalid)
    expect(res.json().message).toBe(IMAGE_MESSAGES.invalid)
  })

  test('an SVG with a script', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    const res = await uploadImage(app, admin, {
      bytes: Buffer.from(svg),
      filename: 'a.svg',
      contentType: 'image/svg+xml',
    })
    expect(refusal(res)).toEqual(invalid)
  })

  test('HTML sent as an image', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'
    const res = await uploadImage(app, admin, {
      bytes: Buffer.from(html),
      filename: 'x.jpg',
      contentType: 'image/jpeg',
    })
    expect(refusal(res)).toEqual(invalid)
  })

  test('an empty file', async () => {
    expect(refusal(await uploadImage(app, admin, { bytes: Buffer.alloc(0) }))).toEqual(invalid)
  })

  test('a truncated JPEG, and a truncated PNG', async () => {
    const jpeg = await noiseJpeg(400, 300)
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6))
    expect(refusal(await uploadImage(app, admin, { bytes: cut, contentType: 'image/jpeg' }))).toEqual(invalid)
    const png = await pngImage(400, 300)
    expect(refusal(await uploadImage(app, admin, { bytes: png.subarray(0, png.length - 20) }))).toEqual(
      invalid,
    )
  })

  test('the first bytes of a JPEG followed by HTML', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>x</script>'),
    ])
    expect(refusal(await uploadImage(app, admin, { bytes: polyglot }))).toEqual(invalid)
  })

  test('a file over 5 MB → 413', async () => {
    const big = Buffer.concat([await noiseJpeg(64, 64), Buffer.alloc(6 * 1024 * 1024, 1)])
    const res = await uploadImage(app, admin, { bytes: big, contentType: 'image/jpeg' })
    expect(refusal(res)).toEqual(tooLarge)
    expect(res.json().message).toBe(IMAGE_MESSAGES.tooLarge)
  })

  test('a 20,000 × 20,000 PNG (400 megapixels in a few KB) → 413 without being decoded', async () => {
    const png = hugePng(20_000)
    expect(png.length).toBeLessThan(100_000)
    expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    })
    expect(refusal(await uploadImage(app, admin, { bytes: png }))).toEqual(tooLarge)
  })

  test('no file, or the file in another field → IMAGE_MISSING', async () => {
    const missing = { status: 400, code: 'IMAGE_MISSING' }
    const png = await pngImage(20, 20)
    expect(refusal(await uploadImage(app, admin, { bytes: png, field: 'photo' }))).toEqual(missing)
    const empty = multipartBody([])
    const noParts = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin.headers, ...empty.headers },
      payload: empty.payload,
    })
    expect(refusal(noParts)).toEqual(missing)
    const json = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: admin.headers,
      payload: { image: 'x' },
    })
    expect(refusal(json)).toEqual(missing)
    expect(json.json().message).toBe(IMAGE_MESSAGES.missing)
  })

  test('a form that breaks off in the middle of the file', async () => {
    const { payload, headers } = multipartBody([{ bytes: await pngImage(50, 50) }])
    const res = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...admin.headers, ...headers },
      payload: payload.subarray(0, payload.length - 60),
    })
    expect(refusal(res)).toEqual(invalid)
  })
})
