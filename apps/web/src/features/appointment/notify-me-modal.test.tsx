// @vitest-environment jsdom
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { signedInPatient as user } from '../../testing/waitlist'
import { NotifyMeModal } from './notify-me-modal'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

const option = { _id: 't1', name: 'Teeth Cleaning', slots: [], price: 800 }

let joins: unknown[]
let answer: () => Response
beforeEach(() => {
  joins = []
  answer = () => Response.json({ entry: {} }, { status: 201 })
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/waitlist' && init?.method === 'POST') {
      joins.push(JSON.parse(String(init.body)))
      return answer()
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`)
  })
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  return () => vi.unstubAllGlobals()
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

function showModal(signedIn = true) {
  const onClose = vi.fn()
  renderPage(<NotifyMeModal option={option} date="2026-06-12" onClose={onClose} />, {
    auth: { user: signedIn ? user : null, loading: false },
  })
  return onClose
}

test('joins the waitlist of the treatment and day with the phone, and says so', async () => {
  const onClose = showModal()
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '01700 000022' } })
  fireEvent.click(screen.getByRole('button', { name: 'Notify me' }))
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.joined))
  expect(joins).toEqual([{ treatmentId: 't1', date: '2026-06-12', phone: expect.any(String) }])
  expect(onClose).toHaveBeenCalled()
})

test('a phone that is no phone number is refused before anything is sent', async () => {
  showModal()
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: 'call me' } })
  fireEvent.click(screen.getByRole('button', { name: 'Notify me' }))
  await waitFor(() => expect(screen.getByLabelText('Phone Number').getAttribute('aria-invalid')).toBe('true'))
  expect(joins).toEqual([])
})

test("the server's refusal is the toast", async () => {
  answer = () =>
    Response.json({ code: 'ALREADY_ON_WAITLIST', message: WAITLIST_MESSAGES.alreadyWaiting }, { status: 409 })
  showModal()
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '01700 000022' } })
  fireEvent.click(screen.getByRole('button', { name: 'Notify me' }))
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(WAITLIST_MESSAGES.alreadyWaiting))
})

test('signed out: the phone is disabled and a link signs in and comes back', () => {
  showModal(false)
  expect(screen.getByLabelText('Phone Number')).toHaveProperty('disabled', true)
  expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull()
  expect(screen.getByRole('link', { name: 'Please Login For Book Appointment' }).getAttribute('href')).toBe(
    '/login',
  )
})
