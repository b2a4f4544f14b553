// @vitest-environment jsdom
import type { ContactMessage } from '@shared/messages'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { MessagesPage } from './messages-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

const message = (id: string, subject: string, extra: Partial<ContactMessage> = {}): ContactMessage => ({
  _id: id,
  email: `${id}@example.test`,
  subject,
  message: `About ${subject}\nSecond line`,
  receivedAt: '2026-11-20T08:30:00.000Z',
  handledAt: null,
  handledBy: null,
  ...extra,
})

let inbox: ContactMessage[]
let requests: string[]

beforeEach(() => {
  inbox = [
    message('m1', 'Sunday hours'),
    message('m2', 'Invoice', { handledAt: '2026-11-21T09:00:00.000Z', handledBy: 'Clinic Admin' }),
  ]
  requests = []
  toast.success.mockClear()
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET'
    requests.push(`${method} ${url} ${init.body ?? ''}`.trim())
    if (method === 'GET') return Response.json({ messages: inbox })
    const id = url.split('/').at(-2)
    const { handled } = JSON.parse(String(init.body))
    const changed = inbox.find((m) => m._id === id) as ContactMessage
    return Response.json({
      ...changed,
      handledAt: handled ? '2026-11-22T10:00:00.000Z' : null,
      handledBy: handled ? 'Clinic Admin' : null,
    })
  })
  return () => vi.unstubAllGlobals()
})
afterEach(cleanup)

const card = async (subject: string) => screen.findByRole('article', { name: subject })

test('shows each message with its sender, text and state, and counts the open ones', async () => {
  renderPage(<MessagesPage />)
  const open = await card('Sunday hours')
  expect(open.textContent).toContain('About Sunday hours\nSecond line')
  expect(within(open).getByRole('link', { name: 'm1@example.test' }).getAttribute('href')).toBe(
    'mailto:m1@example.test?subject=Re%3A%20Sunday%20hours',
  )
  expect(within(open).getByText('Open')).toBeTruthy()
  expect((await card('Invoice')).textContent).toContain('Handled by Clinic Admin')
  expect(screen.getByText(/^1 open message,/)).toBeTruthy()
})

test('marking a message handled sends it and shows who handled it; Reopen takes it back', async () => {
  renderPage(<MessagesPage />)
  fireEvent.click(within(await card('Sunday hours')).getByRole('button', { name: 'Mark handled' }))
  const button = await within(await card('Sunday hours')).findByRole('button', { name: 'Reopen' })
  expect((await card('Sunday hours')).textContent).toContain('Handled by Clinic Admin')
  expect(requests).toContain('PUT /api/messages/m1/handled {"handled":true}')
  expect(toast.success).toHaveBeenCalledWith('Marked as handled')
  fireEvent.click(button)
  await within(await card('Sunday hours')).findByRole('button', { name: 'Mark handled' })
  expect(requests).toContain('PUT /api/messages/m1/handled {"handled":false}')
})

test('an empty inbox says where messages come from', async () => {
  inbox = []
  renderPage(<MessagesPage />)
  expect(await screen.findByText(/No messages yet/)).toBeTruthy()
})
