import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { images } from '../../db/schema'
import { createAdmin, type TestAccount } from '../../test/factories'
import { noiseJpeg, pngImage, storedNames, tempDataDir, uploadImage } from '../../test/image-kit'
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

const served = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}

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
    expect(await storedNames(app)).toContain(name)
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
