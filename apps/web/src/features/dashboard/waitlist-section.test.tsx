// @vitest-environment jsdom
import type { WaitlistEntry } from '@shared/waitlist'
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { signedInPatient as user, waitlistEntry } from '../../testing/waitlist'
import { WaitlistSection } from './waitlist-section'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

const waiting = waitlistEntry()
const offered = waitlistEntry({
  _id: 'e2',
  treatmentId: 't2',
  treatmentName: 'Oral Surgery',
  date: '2026-06-13',
  offer: { _id: 'o2', slot: '09:00 AM - 09:30 AM', expiresAt: '2026-06-10T04:30:00.000Z' },
})

let entries: WaitlistEntry[]
let removed: string[]
beforeEach(() => {
  removed = []
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/me/waitlist') return Response.json({ entries })
    if (init?.method === 'DELETE' && url.startsWith('/api/waitlist/')) {
      removed.push(url)
      entries = entries.filter((entry) => !url.endsWith(entry._id))
      return new Response(null, { status: 204 })
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`)
  })
  return () => vi.unstubAllGlobals()
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

test('lists the days waited for, links a held slot, and removes an entry', async () => {
  entries = [waiting, offered]
  renderPage(<WaitlistSection />, { auth: { user, loading: false } })
  expect(await screen.findByRole('heading', { name: 'Waitlist' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Book the held slot' }).getAttribute('href')).toBe(
    '/waitlist/offers/o2',
  )
  expect(screen.getAllByRole('link')).toHaveLength(1)
  fireEvent.click(
    screen.getByRole('button', { name: 'Remove Teeth Cleaning on Jun 12, 2026 from the waitlist' }),
  )
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith(WAITLIST_MESSAGES.left))
  expect(removed).toEqual(['/api/waitlist/e1'])
  await waitFor(() => expect(screen.queryByText('Teeth Cleaning')).toBeNull())
})

test('an empty waitlist shows nothing', async () => {
  entries = []
  const { container } = renderPage(<WaitlistSection />, { auth: { user, loading: false } })
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(container.textContent).toBe('')
})
