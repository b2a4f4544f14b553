import { randomUUID } from 'node:crypto'
import { DOCTOR_MESSAGES } from '@shared/doctors'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog, doctors, images, treatments } from '../../db/schema'
import { randomStoredName } from '../../providers/storage'
import { createAccount, createAdmin, type TestAccount, uniqueEmail } from '../../test/factories'
import { storedNames, tempDataDir, uploadedUrl } from '../../test/image-kit'
import { refusal } from '../../test/refusal'
import { createTestApp } from '../../test/test-app'

const PUBLIC_URL = 'https://clinic.example'
let app: FastifyInstance
let admin: TestAccount
let specialty: string
let data: Awaited<ReturnType<typeof tempDataDir>>
beforeAll(async () => {
  data = await tempDataDir()
  app = await createTestApp({ DATA_DIR: data.dataDir, PUBLIC_URL })
  admin = await createAdmin(app)
  const [treatment] = await app.database.db.select({ name: treatments.name }).from(treatments).limit(1)
  specialty = treatment?.name ?? ''
})
afterAll(async () => {
  await app.close()
  await data.remove()
})

const addDoctor = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/doctors', headers: admin.headers, payload: body })
const newDoctor = async (overrides: Record<string, unknown> = {}) => ({
  name: 'Dr. Nusrat Jahan',
  email: uniqueEmail('doctor'),
  specialty,
  image: await uploadedUrl(app, admin),
  ...overrides,
})
const doctorCount = async () => (await app.database.db.select({ n: count() }).from(doctors))[0]?.n ?? 0
/** The audit entry of this event about this doctor. */
const auditEntry = async (event: 'doctor_created' | 'doctor_changed' | 'doctor_deleted', doctorId: string) =>
  (
    await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, event), sql`${auditLog.detail}->>'doctorId' = ${doctorId}`))
  )[0]

describe('POST /api/doctors', () => {
  test('adds the doctor with our photo: 201 the doctor, audited with the admin as actor', async () => {
    const body = await newDoctor({ email: '  Nusrat.Jahan@Clinic.Example ' })
    const res = await addDoctor(body)
    expect(res.statusCode).toBe(201)
    const doctor = res.json()
    expect(doctor).toEqual({
      _id: expect.any(String),
      name: 'Dr. Nusrat Jahan',
      email: 'nusrat.jahan@clinic.example',
      specialty,
      image: body.image,
    })
    expect(await auditEntry('doctor_created', doctor._id)).toMatchObject({
      actorId: admin.id,
      userId: null,
      detail: { doctorId: doctor._id, name: 'Dr. Nusrat Jahan' },
    })
  })

  test('takes our photo’s absolute URL on PUBLIC_URL’s origin, and answers the relative one', async () => {
    const relative = await uploadedUrl(app, admin)
    const res = await addDoctor(await newDoctor({ image: `${PUBLIC_URL}${relative}` }))
    expect(res.statusCode).toBe(201)
    expect(res.json().image).toBe(relative)
  })

  test('the specialty must be a treatment offered now', async () => {
    const before = await doctorCount()
    const unknown = await addDoctor(await newDoctor({ specialty: 'Brain Surgery' }))
    expect(refusal(unknown)).toEqual({ status: 400, code: 'SPECIALTY_UNKNOWN' })
    expect(unknown.json().message).toBe(DOCTOR_MESSAGES.specialtyUnknown)
    const retired = `Retired Care ${randomUUID().slice(0, 6)}`
    await app.database.db.insert(treatments).values({ name: retired, retiredAt: new Date() })
    expect(refusal(await addDoctor(await newDoctor({ specialty: retired })))).toEqual({
      status: 400,
      code: 'SPECIALTY_UNKNOWN',
    })
    expect(await doctorCount()).toBe(before)
  })

  test('the photo must be one our image host stored', async () => {
    const ours = await uploadedUrl(app, admin)
    const before = await doctorCount()
    for (const image of [
      'https://i.ibb.co/abc/photo.png',
      `https://elsewhere.example${ours}`,
      `${ours}?v=2`,
      `/uploads/${randomStoredName('webp')}`,
      '/uploads/../api/health',
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      const res = await addDoctor(await newDoctor({ image }))
      expect(refusal(res), image).toEqual({ status: 400, code: 'IMAGE_NOT_OURS' })
    }
    expect(await doctorCount()).toBe(before)
  })

  test('the e-mail must be well formed and not another doctor’s, whatever its case', async () => {
    const bad = await addDoctor(await newDoctor({ email: 'not-an-email' }))
    expect(refusal(bad)).toEqual({ status: 400, code: 'VALIDATION' })
    const email = uniqueEmail('twice')
    expect((await addDoctor(await newDoctor({ email }))).statusCode).toBe(201)
    const before = await doctorCount()
    const again = await addDoctor(await newDoctor({ email: email.toUpperCase(), name: 'Dr. Other' }))
    expect(refusal(again)).toEqual({ status: 409, code: 'DOCTOR_EMAIL_TAKEN' })
    expect(again.json().message).toBe(DOCTOR_MESSAGES.emailTaken)
    expect(await doctorCount()).toBe(before)
  })

  test('name, e-mail, specialty and image are required, with the form’s messages', async () => {
    const res = await addDoctor({ email: uniqueEmail(), specialty, image: '/uploads/x' })
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Name is Required' })
    const noImage = await addDoctor({ name: 'Dr. A', email: uniqueEmail(), specialty })
    expect(noImage.json()).toEqual({ code: 'VALIDATION', message: 'image is Required' })
  })
})

test('GET /api/doctors lists every doctor by name', async () => {
  const names = ['Dr. Zaman', 'Dr. Akter', 'Dr. Mahmud']
  for (const name of names) expect((await addDoctor(await newDoctor({ name }))).statusCode).toBe(201)
  const res = await app.inject({ method: 'GET', url: '/api/doctors', headers: admin.headers })
  expect(res.statusCode).toBe(200)
  const listed: { name: string; image: string; specialty: string }[] = res.json().doctors
  const listedNames = listed.map((doctor) => doctor.name)
  expect(listedNames).toEqual([...listedNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  expect(listedNames).toEqual(expect.arrayContaining(names))
  for (const doctor of listed) {
    expect(doctor.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/)
    expect(doctor.specialty).toBe(specialty)
  }
})

test('GET /api/team shows everyone the doctors by name, with photo and specialty, never their e-mail', async () => {
  const email = uniqueEmail('private')
  const added = (await addDoctor(await newDoctor({ name: 'Dr. Public Face', email }))).json()
  const res = await app.inject({ method: 'GET', url: '/api/team' })
  expect(res.statusCode).toBe(200)
  expect(res.body).not.toContain('@')
  const team: { _id: string }[] = res.json().doctors
  expect(team).toContainEqual({ _id: added._id, name: 'Dr. Public Face', specialty, image: added.image })
  const list = await app.inject({ method: 'GET', url: '/api/doctors', headers: admin.headers })
  expect(team.map((doctor) => doctor._id)).toEqual(list.json().doctors.map((d: { _id: string }) => d._id))
  await app.inject({ method: 'DELETE', url: `/api/doctors/${added._id}`, headers: admin.headers })
  const after = (await app.inject({ method: 'GET', url: '/api/team' })).json().doctors
  expect(after.map((doctor: { _id: string }) => doctor._id)).not.toContain(added._id)
})

describe('PUT /api/doctors/:id', () => {
  const edit = (id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/doctors/${id}`, headers: admin.headers, payload: body })
  const listed = async (id: string) =>
    (await app.inject({ method: 'GET', url: '/api/doctors', headers: admin.headers }))
      .json()
      .doctors.find((doctor: { _id: string }) => doctor._id === id)

  test('changes name, e-mail, specialty and photo: 200 the doctor, audited; the old photo is removed', async () => {
    const doctor = (await addDoctor(await newDoctor({ name: 'Dr. Before' }))).json()
    const oldName = doctor.image.slice('/uploads/'.length)
    const [other] = await app.database.db
      .select({ name: treatments.name })
      .from(treatments)
      .where(sql`${treatments.name} <> ${specialty} AND ${treatments.retiredAt} IS NULL`)
      .limit(1)
    const changes = {
      name: 'Dr. After',
      email: '  After@Clinic.Example ',
      specialty: other?.name,
      image: await uploadedUrl(app, admin),
    }
    const res = await edit(doctor._id, changes)
    expect(res.statusCode).toBe(200)
    const expected = { ...changes, _id: doctor._id, email: 'after@clinic.example' }
    expect(res.json()).toEqual(expected)
    expect(await listed(doctor._id)).toEqual(expected)
    expect(await storedNames(app)).not.toContain(oldName)
    expect(await auditEntry('doctor_changed', doctor._id)).toMatchObject({
      actorId: admin.id,
      detail: { doctorId: doctor._id, name: 'Dr. After', photoReplaced: true },
    })
  })

  test('keeping the photo keeps its file', async () => {
    const doctor = (await addDoctor(await newDoctor())).json()
    const res = await edit(doctor._id, { ...doctor, _id: undefined, name: 'Dr. Renamed' })
    expect(res.statusCode).toBe(200)
    expect(await storedNames(app)).toContain(doctor.image.slice('/uploads/'.length))
    expect((await app.inject({ method: 'GET', url: doctor.image })).statusCode).toBe(200)
  })

  test('refuses what adding refuses, and changes nothing', async () => {
    const doctor = (await addDoctor(await newDoctor({ name: 'Dr. Unchanged' }))).json()
    const taken = (await addDoctor(await newDoctor())).json().email
    const body = { name: doctor.name, email: doctor.email, specialty, image: doctor.image }
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...body, name: '' }, 400, 'VALIDATION'],
      [{ ...body, email: 'not-an-email' }, 400, 'VALIDATION'],
      [{ ...body, specialty: 'Brain Surgery' }, 400, 'SPECIALTY_UNKNOWN'],
      [{ ...body, image: 'https://i.ibb.co/abc/photo.png' }, 400, 'IMAGE_NOT_OURS'],
      [{ ...body, email: taken.toUpperCase() }, 409, 'DOCTOR_EMAIL_TAKEN'],
    ]
    for (const [payload, status, code] of cases) {
      expect(refusal(await edit(doctor._id, payload)), JSON.stringify(payload)).toEqual({ status, code })
    }
    expect(await listed(doctor._id)).toEqual(doctor)
  })

  test('a doctor removed meanwhile, or no id at all, is 404', async () => {
    const body = await newDoctor()
    expect(refusal(await edit(randomUUID(), body))).toEqual({ status: 404, code: 'NOT_FOUND' })
    expect(refusal(await edit('not-an-id', body))).toEqual({ status: 404, code: 'NOT_FOUND' })
  })

  test('only an admin may edit', async () => {
    const doctor = (await addDoctor(await newDoctor({ name: 'Dr. Guarded' }))).json()
    const patient = await createAccount(app)
    const body = { ...(await newDoctor()), name: 'Dr. Hijacked' }
    for (const headers of [{}, patient.headers]) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/doctors/${doctor._id}`,
        headers,
        payload: body,
      })
      expect([401, 403]).toContain(res.statusCode)
    }
    expect((await listed(doctor._id)).name).toBe('Dr. Guarded')
  })
})

describe('DELETE /api/doctors/:id', () => {
  const remove = (id: string) =>
    app.inject({ method: 'DELETE', url: `/api/doctors/${id}`, headers: admin.headers })

  test('removes the doctor, then its photo’s row and file; audited; a second delete removes nothing', async () => {
    const doctor = (await addDoctor(await newDoctor({ name: 'Dr. Leaving' }))).json()
    const name = doctor.image.slice('/uploads/'.length)
    expect(await storedNames(app)).toContain(name)
    const res = await remove(doctor._id)
    expect(res.json()).toEqual({ doctor: { deletedCount: 1 } })
    expect(await storedNames(app)).not.toContain(name)
    expect(await app.database.db.select().from(images).where(eq(images.name, name))).toEqual([])
    expect((await app.inject({ method: 'GET', url: doctor.image })).statusCode).toBe(404)
    const list = await app.inject({ method: 'GET', url: '/api/doctors', headers: admin.headers })
    expect(list.json().doctors.map((d: { _id: string }) => d._id)).not.toContain(doctor._id)
    expect(await auditEntry('doctor_deleted', doctor._id)).toMatchObject({
      actorId: admin.id,
      detail: { doctorId: doctor._id, name: 'Dr. Leaving' },
    })
    expect((await remove(doctor._id)).json()).toEqual({ doctor: { deletedCount: 0 } })
    expect((await remove(randomUUID())).json()).toEqual({ doctor: { deletedCount: 0 } })
    expect(refusal(await remove('not-an-id'))).toEqual({ status: 404, code: 'NOT_FOUND' })
  })

  test('a photo two doctors show stays until the second is removed', async () => {
    const image = await uploadedUrl(app, admin)
    const name = image.slice('/uploads/'.length)
    const first = (await addDoctor(await newDoctor({ image }))).json()
    const second = (await addDoctor(await newDoctor({ image }))).json()
    await remove(first._id)
    expect(await storedNames(app)).toContain(name)
    expect((await app.inject({ method: 'GET', url: image })).statusCode).toBe(200)
    await remove(second._id)
    expect(await storedNames(app)).not.toContain(name)
  })
})
