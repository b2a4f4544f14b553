// @vitest-environment jsdom
import { WAITLIST_MESSAGES } from '@shared/waitlist-messages'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Navigate, useLocation } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { renderPage } from '../../testing/render-page'
import { signedInPatient as user, waitlistEntry } from '../../testing/waitlist'
import { BOOKED_MESSAGE } from './api/create-booking'
import { WaitlistOfferPage } from './waitlist-offer-page'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('react-hot-toast/headless', () => ({ default: toast }))

const entry = waitlistEntry({
  // 10:30 in Dhaka (UTC+6).
  offer: { _id: 'o1', slot: '10:00 AM - 10:30 AM', expiresAt: '2026-06-10T04:30:00.000Z' },
})

let accepts: string[]
let acceptAnswer: () => Response
beforeEach(() => {
  accepts = []
  acceptAnswer = () => Response.json({ bookingId: 'b1' })
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/clinicCalendar')
      return Response.json({
        timeZone: 'Asia/Dhaka',
        today: '2026-06-10',
        lastBookableDate: '2026-08-09',
        closedWeekdays: [],
        holidays: [],
      })
    if (url === '/api/me/waitlist') return Response.json({ entries: [entry] })
    if (init?.method === 'POST' && url.startsWith('/api/waitlist/offers/')) {
      accepts.push(url)
      return acceptAnswer()
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`)
  })
  return () => vi.unstubAllGlobals()
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

function ShowLocation() {
  return <p>at {useLocation().pathname}</p>
}

// The page reads its offer's id from the route, so it is shown at the route's pattern.
const showPage = (offerId: string, signedIn = true) =>
  renderPage(<Navigate to={`/waitlist/offers/${offerId}`} />, {
    otherPages: { '/waitlist/offers/:id': <WaitlistOfferPage />, '*': <ShowLocation /> },
    auth: { user: signedIn ? user : null, loading: false },
  })

test('shows the held slot in clinic time and books it with one click, then My Appointment', async () => {
  showPage('o1')
  expect(await screen.findByText('Teeth Cleaning')).toBeTruthy()
  expect(screen.getByText('Jun 12, 2026')).toBeTruthy()
  expect(screen.getByText('10:00 AM - 10:30 AM')).toBeTruthy()
  expect(await screen.findByText('Jun 10, 2026, 10:30 AM')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Book this slot' }))
  expect(await screen.findByText('at /dashboard')).toBeTruthy()
  expect(accepts).toEqual(['/api/waitlist/offers/o1/accept'])
  expect(toast.success).toHaveBeenCalledWith(BOOKED_MESSAGE)
})

test("a slot taken meanwhile shows the server's message and a way back to booking", async () => {
  acceptAnswer = () =>
    Response.json({ code: 'SLOT_TAKEN', message: WAITLIST_MESSAGES.slotGone }, { status: 409 })
  showPage('o1')
  fireEvent.click(await screen.findByRole('button', { name: 'Book this slot' }))
  expect((await screen.findByRole('alert')).textContent).toContain(WAITLIST_MESSAGES.slotGone)
  expect(screen.getByRole('link', { name: 'Book another slot' }).getAttribute('href')).toBe('/appointment')
})

test('an offer that is not live (expired, used, not mine) says so', async () => {
  showPage('gone')
  expect((await screen.findByRole('alert')).textContent).toContain(WAITLIST_MESSAGES.offerNotLive)
  expect(screen.queryByRole('button', { name: 'Book this slot' })).toBeNull()
})

test('a signed-out visitor is sent to sign in', async () => {
  showPage('o1', false)
  expect(await screen.findByText('at /login')).toBeTruthy()
})
