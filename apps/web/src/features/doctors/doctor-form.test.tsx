// @vitest-environment jsdom
import { DOCTOR_MESSAGES } from '@shared/doctors'
import { IMAGE_MESSAGES } from '@shared/images'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useNavigate } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { jsonResponse } from '../../testing/fake-server'
import { renderPage } from '../../testing/render-page'
import { DoctorForm } from './doctor-form'

type Call = { url: string; method: string; body: unknown }
let calls: Call[]
let answers: Record<string, () => Response | Promise<Response>>

beforeEach(() => {
  calls = []
  answers = {
    'POST /api/images': () => jsonResponse(200, { success: true, data: { url: '/uploads/abc.webp' } }),
    'POST /api/doctors': () =>
      jsonResponse(201, { _id: 'd1', name: 'Dr A', email: 'a@x.test', specialty: 'X', image: '' }),
  }
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    calls.push({ url, method, body: init.body })
    const answer = answers[`${method} ${url}`]
    if (!answer) throw new Error(`unexpected ${method} ${url}`)
    return answer()
  })
  let next = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++next}`)
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  return () => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  }
})
afterEach(cleanup)

function AddForm() {
  const navigate = useNavigate()
  return (
    <DoctorForm
      specialties={['Teeth Cleaning', 'Cavity Protection']}
      onSaved={() => navigate('/dashboard/managedoctors')}
    />
  )
}

function renderForm() {
  renderPage(<AddForm />, {
    at: { pathname: '/dashboard/addadoctor' },
    otherPages: { '/dashboard/managedoctors': <p>Manage Doctors page</p> },
  })
}

const png = (name = 'face.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })
const choosePhoto = (file: File) =>
  fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [file] } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Doctor' }))

/** The error text tied to the field labelled `label`. */
const errorOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((element) => element?.className.includes('text-error'))
    .map((element) => element?.textContent)
    .join(' ')

function fillIn(email = 'dr.a@clinic.test') {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dr A' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Specialty'), { target: { value: 'Cavity Protection' } })
  choosePhoto(png())
}

test('an empty form shows the three required messages and sends nothing', async () => {
  renderForm()
  submit()
  await waitFor(() => expect(errorOf('Name')).toBe('Name is Required'))
  expect(errorOf('Email')).toBe('Email is Required')
  expect(errorOf('Photo')).toBe('image is Required')
  expect(calls).toEqual([])
})

test('a file that is not a JPEG, PNG or WebP is refused before sending, and has no preview', async () => {
  renderForm()
  fillIn()
  choosePhoto(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }))
  submit()
  await waitFor(() => expect(errorOf('Photo')).toBe(IMAGE_MESSAGES.invalid))
  expect(screen.queryByRole('img')).toBeNull()
  expect(calls).toEqual([])
})

test('the chosen image is previewed; choosing another revokes the first preview', async () => {
  renderForm()
  choosePhoto(png('one.png'))
  expect((await screen.findByRole('img', { name: 'Preview of one.png' })).getAttribute('src')).toBe(
    'blob:preview-1',
  )
  choosePhoto(png('two.png'))
  expect((await screen.findByRole('img', { name: 'Preview of two.png' })).getAttribute('src')).toBe(
    'blob:preview-2',
  )
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1')
})

test('the photo is uploaded as the image field, then the doctor saved with its URL; then Manage Doctors', async () => {
  renderForm()
  fillIn(' Dr.A@Clinic.test ')
  submit()
  await screen.findByText('Manage Doctors page')
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/images', 'POST /api/doctors'])
  const [upload, save] = calls.map((call) => call.body)
  expect(upload instanceof FormData && upload.get('image')).toBeInstanceOf(File)
  expect(JSON.parse(String(save))).toEqual({
    name: 'Dr A',
    email: 'dr.a@clinic.test',
    specialty: 'Cavity Protection',
    image: '/uploads/abc.webp',
  })
})

test('an e-mail already listed is shown under Email; the retry does not upload the photo again', async () => {
  answers['POST /api/doctors'] = () =>
    jsonResponse(409, { code: 'DOCTOR_EMAIL_TAKEN', message: DOCTOR_MESSAGES.emailTaken })
  renderForm()
  fillIn()
  submit()
  await waitFor(() => expect(errorOf('Email')).toBe(DOCTOR_MESSAGES.emailTaken))
  expect(screen.getByRole('button', { name: 'Add Doctor' })).toHaveProperty('disabled', false)
  submit()
  await waitFor(() => expect(calls).toHaveLength(3))
  expect(calls.map((call) => call.url)).toEqual(['/api/images', '/api/doctors', '/api/doctors'])
})

test("the image host's refusal is shown under Photo; an unknown specialty under Specialty", async () => {
  answers['POST /api/images'] = () =>
    jsonResponse(400, { code: 'IMAGE_INVALID', message: IMAGE_MESSAGES.invalid })
  renderForm()
  fillIn()
  submit()
  await waitFor(() => expect(errorOf('Photo')).toBe(IMAGE_MESSAGES.invalid))
  answers['POST /api/images'] = () => jsonResponse(200, { success: true, data: { url: '/uploads/b.webp' } })
  answers['POST /api/doctors'] = () =>
    jsonResponse(400, { code: 'SPECIALTY_UNKNOWN', message: DOCTOR_MESSAGES.specialtyUnknown })
  choosePhoto(png('again.png'))
  submit()
  await waitFor(() => expect(errorOf('Specialty')).toBe(DOCTOR_MESSAGES.specialtyUnknown))
})

test('while the photo uploads the button says so and is disabled', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  answers['POST /api/images'] = () =>
    held.then(() => jsonResponse(200, { success: true, data: { url: '/uploads/c.webp' } }))
  renderForm()
  fillIn()
  submit()
  const button = await screen.findByRole('button', { name: 'Uploading photo…' })
  expect(button).toHaveProperty('disabled', true)
  release()
  await screen.findByText('Manage Doctors page')
})
