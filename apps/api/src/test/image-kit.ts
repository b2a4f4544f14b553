import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'
import { storedFiles } from '../db/schema'
import { photosFolder } from '../providers/storage'
import { createAdmin, type TestAccount } from './factories'
import { createTestApp } from './test-app'

/** Test images made in the test (no binary fixture is committed), and uploads through the API. */

export const pngImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7ab0' } })
    .png()
    .toBuffer()

/** A photo-like JPEG: noise does not compress, so its size follows its side. */
export async function noiseJpeg(width: number, height: number, metadata?: JpegMetadata) {
  const noise = Buffer.alloc(width * height * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256)
  const jpeg = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 })
  if (!metadata) return jpeg.toBuffer()
  // sharp writes the orientation itself: an Orientation tag in the EXIF given would be replaced.
  return jpeg.withExif(metadata.exif).withMetadata({ orientation: metadata.orientation }).toBuffer()
}

export interface JpegMetadata {
  exif: Record<string, Record<string, string>>
  /** EXIF orientation, 1-8 (6: the camera was turned a quarter clockwise). */
  orientation: number
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/**
 * A valid one-colour PNG of `side` × `side` pixels, written by hand: one bit per pixel compresses
 * 400 megapixels to about 50 KB (sharp would first hold the whole image in memory to write it).
 */
export function hugePng(side: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export interface FilePart {
  bytes: Buffer
  filename?: string
  contentType?: string
  field?: string
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: FilePart[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`
  const chunks = parts.flatMap(
    ({ bytes, filename = 'photo.png', contentType = 'image/png', field = 'image' }) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${contentType}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ],
  )
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** `POST /api/images` as the Add A Doctor form sends it. */
export function uploadImage(
  app: FastifyInstance,
  account: Pick<TestAccount, 'headers'> | null,
  ...parts: FilePart[]
) {
  const body = multipartBody(parts)
  return app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...account?.headers, ...body.headers },
    payload: body.payload,
  })
}

/** An uploaded image's URL, or an error naming the refusal. */
export async function uploadedUrl(app: FastifyInstance, admin: TestAccount, bytes?: Buffer): Promise<string> {
  const res = await uploadImage(app, admin, { bytes: bytes ?? (await pngImage(40, 30)) })
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`)
  return res.json().data.url
}

/** A data directory of the test's own, so that its uploads folder holds only the test's files. */
/**
 * A test file's own app, storing images in a temporary data directory, with an admin and a clock
 * that starts at `start` and that the tests move forward (`later`).
 */
export function useImageApp(start: Date) {
  let now = start
  let app: FastifyInstance | undefined
  let admin: TestAccount | undefined
  let data: Awaited<ReturnType<typeof tempDataDir>> | undefined
  beforeAll(async () => {
    data = await tempDataDir()
    app = await createTestApp({ DATA_DIR: data.dataDir }, { now: () => now })
    admin = await createAdmin(app)
  })
  afterAll(async () => {
    await app?.close()
    await data?.remove()
  })
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the image app starts in beforeAll, before the tests')
    return value
  }
  return {
    get app() {
      return ready(app)
    },
    get admin() {
      return ready(admin)
    },
    now: () => now,
    later(ms: number) {
      now = new Date(now.getTime() + ms)
    },
  }
}

export async function tempDataDir() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-images-'))
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) }
}

/**
 * The names of the files the app stored, wherever its storage keeps them: the union of its
 * folder's files and PostgreSQL's rows, so that the same test checks either storage.
 */
export async function storedNames(app: FastifyInstance): Promise<string[]> {
  const folder = photosFolder(app.config)
  const files = await readdir(folder).catch(() => [] as string[])
  const rows = await app.database.db.select({ name: storedFiles.name }).from(storedFiles)
  return [...files, ...rows.map((row) => row.name)].sort()
}
