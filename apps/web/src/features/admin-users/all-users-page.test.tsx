// @vitest-environment jsdom
import type { UserListItem } from '@shared/users'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { AllUsersPage } from './all-users-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

const user = (id: string, name: string, extra: Partial<UserListItem> = {}): UserListItem => ({
  _id: id,
  name,
  email: `${id}@example.test`,
  role: 'patient',
  emailVerified: false,
  ...extra,
})

const ME = user('me', 'Clinic Admin', { role: 'admin', emailVerified: true })
let people: UserListItem[]
let requests: string[]
/** What the server answers to a change, when a test wants a refusal. */
let refusal: { status: number; code: string; message: string } | null

beforeEach(() => {
  people = [ME, user('u1', 'Farhana Akter'), user('u2', 'Karim Uddin', { role: 'admin' })]
  requests = []
  refusal = null
  toast.success.mockClear()
  toast.error.mockClear()
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url}`)
    if (method !== 'GET' && refusal) return Response.json(refusal, { status: refusal.status })
    const id = url.split('/').pop()
    if (method === 'PUT') return roleChange(id, 'admin')
    if (method === 'DELETE' && url.startsWith('/api/users/admin/')) return roleChange(id, 'patient')
    if (method === 'DELETE') {
      people = people.filter((each) => each._id !== id)
      return Response.json({ user: { deletedCount: 1, cancelledBookings: 0, refundedBookings: 0 } })
    }
    return listReply(new URL(url, 'http://localhost').searchParams)
  })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

function roleChange(id: string | undefined, role: UserListItem['role']) {
  const person = people.find((each) => each._id === id)
  const modifiedCount = person && person.role !== role ? 1 : 0
  if (person) person.role = role
  return Response.json({ admin: { modifiedCount } })
}

/** Two users a page, the cursor being the next index, as the server pages by 50. */
function listReply(query: URLSearchParams) {
  const q = (query.get('q') ?? '').toLowerCase()
  const found = people.filter((each) => `${each.name} ${each.email}`.toLowerCase().includes(q))
  const start = Number(query.get('cursor') ?? 0)
  const next = start + 2 < found.length ? String(start + 2) : null
  return Response.json({ users: found.slice(start, start + 2), nextCursor: next })
}

function showPage() {
  renderPage(<AllUsersPage />, {
    auth: { user: { uid: ME._id, displayName: ME.name, email: ME.email, emailVerified: true } },
  })
}

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td > span > span' })
  return within(cell.closest('tr') as HTMLElement)
}

test('each user shows name, e-mail, role and e-mail verified; Make Admin only for non-admins', async () => {
  showPage()
  expect(screen.getByRole('status').textContent).toBe('Loading users…')
  const farhana = await rowOf('Farhana Akter')
  expect(farhana.getByText('u1@example.test')).toBeTruthy()
  expect(farhana.getByText('patient')).toBeTruthy()
  expect(farhana.getByText('No')).toBeTruthy()
  expect(farhana.getByRole('button', { name: 'Make Admin Farhana Akter' })).toBeTruthy()
  expect(farhana.queryByRole('button', { name: /Remove Admin/ })).toBeNull()
  const mine = await rowOf('Clinic Admin')
  expect(mine.getByText('admin')).toBeTruthy()
  expect(mine.getByText('Yes')).toBeTruthy()
  // Never on your own row: no Make Admin (an admin), no Remove Admin, no Delete.
  expect(mine.queryAllByRole('button')).toEqual([])
})

test('Make Admin: the spec toast, and the list loaded again', async () => {
  showPage()
  fireEvent.click((await rowOf('Farhana Akter')).getByRole('button', { name: /Make Admin/ }))
  await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Admin Make Successfully'))
  expect(requests).toContain('PUT /api/users/admin/u1')
  const farhana = await rowOf('Farhana Akter')
  await farhana.findByRole('button', { name: 'Delete Farhana Akter' })
  expect(await farhana.findByText('admin')).toBeTruthy()
  expect(requests.filter((request) => request === 'GET /api/users')).toHaveLength(2)
})

test("Remove Admin for another admin; a refusal shows the server's message", async () => {
  showPage()
  await screen.findByText('Farhana Akter', { selector: 'td > span > span' })
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  const karim = await rowOf('Karim Uddin')
  refusal = { status: 409, code: 'LAST_ADMIN', message: 'The clinic needs at least one admin.' }
  fireEvent.click(karim.getByRole('button', { name: 'Remove Admin Karim Uddin' }))
  await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('The clinic needs at least one admin.'))
  refusal = null
  fireEvent.click(karim.getByRole('button', { name: 'Remove Admin Karim Uddin' }))
  await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Admin Removed Successfully'))
  expect(requests.filter((request) => request === 'DELETE /api/users/admin/u2')).toHaveLength(2)
})

test('Load more asks for the next page by its cursor and adds it; none after the last', async () => {
  showPage()
  await screen.findByText('Farhana Akter', { selector: 'td > span > span' })
  expect(screen.queryByText('Karim Uddin')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await rowOf('Karim Uddin')
  expect(requests).toEqual(['GET /api/users', 'GET /api/users?cursor=2'])
  expect(screen.getAllByRole('row')).toHaveLength(4)
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
})

test('the search is sent once typing pauses, and shows only the matches', async () => {
  showPage()
  await screen.findByText('Farhana Akter', { selector: 'td > span > span' })
  const box = screen.getByRole('searchbox', { name: 'Search users' })
  fireEvent.change(box, { target: { value: 'kar' } })
  fireEvent.change(box, { target: { value: 'karim ' } })
  await rowOf('Karim Uddin')
  await vi.waitFor(() => expect(screen.queryByText('Farhana Akter')).toBeNull())
  expect(requests).toEqual(['GET /api/users', 'GET /api/users?q=karim'])
  expect(screen.getByText('Showing 1 user matching “karim”.')).toBeTruthy()
})

test('Delete asks first, naming the user; Keep User deletes nothing, Delete User deletes', async () => {
  showPage()
  fireEvent.click((await rowOf('Farhana Akter')).getByRole('button', { name: 'Delete Farhana Akter' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Delete Farhana Akter?' }))
  expect(dialog.getByText('u1@example.test', { exact: false })).toBeTruthy()
  fireEvent.click(dialog.getByRole('button', { name: 'Keep User' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(requests).toEqual(['GET /api/users'])

  fireEvent.click((await rowOf('Farhana Akter')).getByRole('button', { name: 'Delete Farhana Akter' }))
  dialog = within(screen.getByRole('dialog', { name: 'Delete Farhana Akter?' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Delete User' }))
  await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('User Deleted Successfully'))
  expect(requests).toContain('DELETE /api/users/u1')
  await vi.waitFor(() =>
    expect(screen.queryByText('Farhana Akter', { selector: 'td > span > span' })).toBeNull(),
  )
  expect(screen.queryByRole('dialog')).toBeNull()
})
