import { randomUUID } from 'node:crypto'
import type { SpecialtyReply } from '@shared/clinic'
import type { Doctor } from '@shared/doctors'
import type { ImageUploadReply } from '@shared/images'
import type { Page } from 'playwright-core'

/**
 * A real PNG drawn by the page's own canvas (a coloured square with a circle), so a test uploads
 * an image the server decodes and re-encodes, without an image library in the tests.
 */
export async function drawPng(page: Page, color = '#19d3ae'): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas')
    canvas.width = 240
    canvas.height = 240
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = fill
    context.fillRect(0, 0, 240, 240)
    context.fillStyle = '#ffffff'
    context.beginPath()
    context.arc(120, 100, 50, 0, Math.PI * 2)
    context.fill()
    return canvas.toDataURL('image/png')
  }, color)
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
}

/** A doctor's details not used before (name and e-mail unique to this call). */
export function newDoctorDetails(name = 'Dr Test') {
  const tag = randomUUID().slice(0, 8)
  return { name: `${name} ${tag}`, email: `doctor-${tag}@clinic.test` }
}

async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('userAccessToken'))}` }
}

/**
 * Adds a doctor through the API the way the Add A Doctor page does (upload, then save), with the
 * page's own admin token, for tests about other screens.
 */
export async function addDoctorViaApi(page: Page, specialty: string, name?: string): Promise<Doctor> {
  const headers = await bearer(page)
  const upload = await page.request.post(new URL('/api/images', page.url()).href, {
    headers,
    multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: await drawPng(page) } },
  })
  if (upload.status() !== 200) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`)
  const { data } = (await upload.json()) as ImageUploadReply
  const res = await page.request.post(new URL('/api/doctors', page.url()).href, {
    headers,
    data: { ...newDoctorDetails(name), specialty, image: data.url },
  })
  if (res.status() !== 201) throw new Error(`adding a doctor failed: ${res.status()} ${await res.text()}`)
  return (await res.json()) as Doctor
}

/** The name of the first specialty the clinic offers (a treatment's name). */
export async function firstSpecialty(page: Page): Promise<string> {
  const reply = await page.request.get(new URL('/api/appointmentSpecialty', page.url()).href)
  const { specialty } = (await reply.json()) as SpecialtyReply
  const first = specialty[0]
  if (!first) throw new Error('the clinic offers no specialty')
  return first.name
}
