// @vitest-environment jsdom
import type { Doctor } from '@shared/doctors'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { ManageDoctorsPage } from './manage-doctors-page'

const doctor = (id: string, name: string): Doctor => ({
  _id: id,
  name,
  email: `${id}@clinic.test`,
  specialty: 'Teeth Cleaning',
  image: `/uploads/${id}.webp`,
})

let listed: Doctor[]
let requests: string[]

beforeEach(() => {
  listed = [doctor('d1', 'Dr Amina Rahman'), doctor('d2', 'Dr Karim Uddin')]
  requests = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url}`)
    if (url === '/api/appointmentSpecialty') {
      return Response.json({
        specialty: [
          { _id: 't1', name: 'Teeth Cleaning' },
          { _id: 't2', name: 'Oral Surgery' },
        ],
      })
    }
    if (method === 'PUT') {
      const body = JSON.parse(String(init.body))
      listed = listed.map((each) => (url === `/api/doctors/${each._id}` ? { ...each, ...body } : each))
      return Response.json(listed.find((each) => url === `/api/doctors/${each._id}`))
    }
    if (method === 'DELETE') {
      const before = listed.length
      listed = listed.filter((each) => url !== `/api/doctors/${each._id}`)
      return Response.json({ doctor: { deletedCount: before - listed.length } })
    }
    return Response.json({ doctors: listed })
  })
  // jsdom has no modal dialogs; what the page needs is that the dialog is open.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

function showPage() {
  renderPage(<ManageDoctorsPage />)
}

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td' })
  return within(cell.closest('tr') as HTMLElement)
}

test('each doctor shows photo, name, specialty and the status active', async () => {
  showPage()
  const row = await rowOf('Dr Amina Rahman')
  const photo = row.getByRole('img', { name: 'Dr Amina Rahman' })
  expect(photo.getAttribute('src')).toBe('/uploads/d1.webp')
  expect(photo.getAttribute('loading')).toBe('lazy')
  expect(row.getByText('Teeth Cleaning')).toBeTruthy()
  expect(row.getByText('active')).toBeTruthy()
})

test('Delete asks first: the dialog names the doctor; Cancel closes it and deletes nothing', async () => {
  showPage()
  fireEvent.click((await rowOf('Dr Karim Uddin')).getByRole('button', { name: 'Delete Dr Karim Uddin' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Delete this doctor?' }))
  expect(dialog.getByRole('img', { name: 'Dr Karim Uddin' })).toBeTruthy()
  expect(dialog.getByText('Dr Karim Uddin')).toBeTruthy()
  expect(dialog.getByText('Teeth Cleaning')).toBeTruthy()
  fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(requests).toEqual(['GET /api/doctors'])
})

test('Confirm Delete deletes that doctor and loads the list again', async () => {
  showPage()
  fireEvent.click((await rowOf('Dr Karim Uddin')).getByRole('button', { name: 'Delete Dr Karim Uddin' }))
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Delete' }))
  await vi.waitFor(() => expect(screen.queryByText('Dr Karim Uddin', { selector: 'td' })).toBeNull())
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(requests).toEqual(['GET /api/doctors', 'DELETE /api/doctors/d2', 'GET /api/doctors'])
  expect(screen.getByText('Dr Amina Rahman', { selector: 'td' })).toBeTruthy()
})

test('Edit shows the doctor’s fields and photo; saving without a new photo keeps it and loads the list again', async () => {
  showPage()
  fireEvent.click((await rowOf('Dr Karim Uddin')).getByRole('button', { name: 'Edit Dr Karim Uddin' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Dr Karim Uddin' }))
  const name = (await dialog.findByLabelText('Name')) as HTMLInputElement
  expect(name.value).toBe('Dr Karim Uddin')
  expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('d2@clinic.test')
  expect((dialog.getByLabelText('Specialty') as HTMLSelectElement).value).toBe('Teeth Cleaning')
  expect(dialog.getByRole('img', { name: 'Dr Karim Uddin, as shown now' }).getAttribute('src')).toBe(
    '/uploads/d2.webp',
  )
  fireEvent.change(name, { target: { value: 'Dr Karim Hossain' } })
  fireEvent.change(dialog.getByLabelText('Specialty'), { target: { value: 'Oral Surgery' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Save Doctor' }))
  expect(await screen.findByText('Dr Karim Hossain', { selector: 'td' })).toBeTruthy()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(requests.filter((request) => request.startsWith('PUT'))).toEqual(['PUT /api/doctors/d2'])
  expect(listed.find((each) => each._id === 'd2')).toEqual({
    _id: 'd2',
    name: 'Dr Karim Hossain',
    email: 'd2@clinic.test',
    specialty: 'Oral Surgery',
    image: '/uploads/d2.webp',
  })
})

test('an empty list says so and links to Add A Doctor', async () => {
  listed = []
  showPage()
  expect(await screen.findByText(/No doctors yet/)).toBeTruthy()
  const links = screen.getAllByRole('link', { name: 'Add A Doctor' })
  expect(links.map((link) => link.getAttribute('href'))).toContain('/dashboard/addadoctor')
})
