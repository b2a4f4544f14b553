import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { images } from '../../db/schema'
import { STORED_NAME } from '../../providers/storage'
import { noiseJpeg, pngImage, storedNames, uploadedUrl, useImageApp } from '../../test/image-kit'
import { removeOrphanImages } from './orphan-sweep'

// The narrower copies of decision 0041.
const HOUR = 60 * 60 * 1000
const kit = useImageApp(new Date('2026-03-01T06:00:00Z'))

const stemOf = (url: string) => url.slice('/uploads/'.length, -'.webp'.length)
const copyUrl = (url: string, width: number) => url.replace(/\.webp$/, `w${width}.webp`)

async function served(url: string) {
  const res = await kit.app.inject({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  const { width, height } = await sharp(res.rawPayload).metadata()
  return { width, height, bytes: res.rawPayload }
}

test('an upload is stored at its full size and 320 and 640 px wide, each served as WebP', async () => {
  const url = await uploadedUrl(kit.app, kit.admin, await noiseJpeg(1600, 1200))
  expect(await served(url)).toMatchObject({ width: 1024, height: 768 })
  expect(await served(copyUrl(url, 640))).toMatchObject({ width: 640, height: 480 })
  expect(await served(copyUrl(url, 320))).toMatchObject({ width: 320, height: 240 })
  const stem = stemOf(url)
  expect((await storedNames(kit.app)).filter((name) => name.startsWith(stem))).toEqual([
    `${stem}.webp`,
    `${stem}w320.webp`,
    `${stem}w640.webp`,
  ])
  // The names every storage and the backup archive take (no migration, decision 0041).
  for (const width of [320, 640]) expect(STORED_NAME.test(`${stem}w${width}.webp`)).toBe(true)
})

test('no copy is made wider than the image: its URL serves the full image', async () => {
  const url = await uploadedUrl(kit.app, kit.admin, await pngImage(500, 400))
  const stem = stemOf(url)
  expect((await storedNames(kit.app)).filter((name) => name.startsWith(stem))).toEqual([
    `${stem}.webp`,
    `${stem}w320.webp`,
  ])
  const full = await served(url)
  expect(full).toMatchObject({ width: 500, height: 400 })
  expect((await served(copyUrl(url, 640))).bytes.equals(full.bytes)).toBe(true)
})

test('an image stored before the copies existed is served in full at each copy URL', async () => {
  const url = await uploadedUrl(kit.app, kit.admin, await pngImage(800, 800))
  const stem = stemOf(url)
  for (const width of [320, 640]) await kit.app.storage.remove(`${stem}w${width}.webp`)
  const full = await served(url)
  for (const width of [320, 640])
    expect((await served(copyUrl(url, width))).bytes.equals(full.bytes)).toBe(true)
})

test('a copy of an image with no row, or of a width we do not make, is 404', async () => {
  const url = await uploadedUrl(kit.app, kit.admin, await pngImage(800, 800))
  await kit.app.database.db.delete(images).where(eq(images.name, `${stemOf(url)}.webp`))
  for (const missing of [copyUrl(url, 320), copyUrl(url, 480)]) {
    expect((await kit.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404)
  }
})

test('the sweep removes every copy of an unused image', async () => {
  const url = await uploadedUrl(kit.app, kit.admin, await pngImage(800, 600))
  const stem = stemOf(url)
  expect((await storedNames(kit.app)).filter((name) => name.startsWith(stem))).toHaveLength(3)
  kit.later(25 * HOUR)
  await removeOrphanImages({ db: kit.app.database.db, storage: kit.app.storage, now: () => kit.app.now() })
  expect((await storedNames(kit.app)).filter((name) => name.startsWith(stem))).toEqual([])
})
