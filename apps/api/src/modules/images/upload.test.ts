import { IMAGE_MESSAGES } from '@shared/images'
import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { images } from '../../db/schema'
import { createAccount, createAdmin, type TestAccount } from '../../test/factories'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'
import { hugePng, multipartBody, noiseJpeg, pngImage, tempDataDir, uploadImage } from './image-kit'

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

const served = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}
const imageRows = async () => (await app.database.db.select({ n: count() }).from(images))[0]?.n ?? 0

describe('POST /api/images accepts JPEG, PNG and WebP by their content', () => {
  test('a real PNG comes back as a WebP under a random name, its longest side 1024', async () => {
    const res = await uploadImage(app, admin, { bytes: await pngImage(2000, 1500) })
    expect(res.statusCode).toBe(200)
    const { url } = res.json().data
    expect(res.json()).toEqual({ success: true, data: { url } })
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
    const meta = await sharp(await served(url)).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 768 })
    const name = url.slice('/uploads/'.length)
    const [row] = await app.database.db.select().from(images).where(eq(images.name, name))
    expect(row).toMatchObject({ contentType: 'image/webp', width: 1024, height: 768 })
    expect(await data.storedFiles()).toContain(name)
  })

  test('a small image keeps its size; the name and the part’s Content-Type do not matter', async () => {
    const webp = await sharp(await pngImage(300, 200))
      .webp()
      .toBuffer()
    const res = await uploadImage(app, admin, {
      bytes: webp,
      filename: 'photo.gif',
      contentType: 'text/plain',
    })
    expect(res.statusCode).toBe(200)
    expect(await sharp(await served(res.json().data.url)).metadata()).toMatchObject({
      width: 300,
      height: 200,
    })
  })

  test('a JPEG with GPS in its EXIF comes back without any EXIF, turned upright by its orientation', async () => {
    const jpeg = await noiseJpeg(300, 200, {
      orientation: 6,
      exif: {
        IFD0: { Make: 'PortalTestCam', ImageDescription: 'home-address-marker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 48/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 24/1 0/1',
        },
      },
    })
    const before = await sharp(jpeg).metadata()
    expect(before.orientation).toBe(6)
    expect(before.exif?.toString('latin1')).toContain('home-address-marker')
    // The GPS IFD's pointer, tag 0x8825, in the little-endian EXIF sharp writes.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true)
    const res = await uploadImage(app, admin, {
      bytes: jpeg,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    })
    expect(res.statusCode).toBe(200)
    const bytes = await served(res.json().data.url)
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    const text = bytes.toString('latin1')
    for (const marker of ['EXIF', 'Exif', 'PortalTestCam', 'home-address-marker'])
      expect(text).not.toContain(marker)
  })
})

describe('POST /api/images refuses what is not a whole JPEG, PNG or WebP, and stores nothing of it', () => {
  const invalid = { status: 400, code: 'IMAGE_INVALID' }
  const tooLarge = { status: 413, code: 'IMAGE_TOO_LARGE' }
  let rowsBefore: number
  let filesBefore: string[]
  beforeAll(async () => {
    rowsBefore = await imageRows()
    filesBefore = await data.storedFiles()
  })
  afterAll(async () => {
    expect(await imageRows()).toBe(rowsBefore)
    expect(await data.storedFiles()).toEqual(filesBefore)
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
