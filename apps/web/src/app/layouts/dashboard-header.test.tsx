// @vitest-environment jsdom
import type { AuthUser } from '@shared/accounts'
import type { Booking } from '@shared/bookings'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { jsonResponse } from '../../testing/fake-server'
import { renderPage } from '../../testing/render-page'
import { DashboardHeader } from './dashboard-header'

const user: AuthUser = {
  uid: 'u1',
  displayName: 'Pat Patient',
  email: 'pat@example.test',
  emailVerified: true,
}
const calendar = { timeZone: 'Asia/Dhaka', today: '2026-11-26', lastBookableDate: '2027-01-25' }

function booking(appointmentDate: string, status: Booking['status'] = 'booked'): Booking {
  return {
    _id: `${appointmentDate}-${status}`,
    patientName: 'Pat Patient',
    treatmentName: 'Teeth Cleaning',
    appointmentDate,
    slot: '10:00 AM - 10:30 AM',
    price: 800,
    paid: false,
    refunded: false,
    email: user.email,
    phone: '+8801700000000',
    status,
    startsAt: `${appointmentDate}T04:00:00Z`,
  }
}

function serve(bookings: Booking[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input)
    const body = url.includes('/api/clinicCalendar')
      ? { ...calendar, closedWeekdays: [], holidays: [] }
      : { bookings }
    return jsonResponse(200, body)
  })
}

beforeEach(() => () => vi.unstubAllGlobals())
afterEach(cleanup)

test("the badge is the clinic's current month, and the count the user's own upcoming bookings", async () => {
  serve([
    booking('2026-11-26'),
    booking('2026-12-03'),
    booking('2026-11-20'),
    booking('2026-12-01', 'cancelled'),
  ])
  renderPage(<DashboardHeader />, { auth: { user } })
  expect(await screen.findByText('Nov 2026')).toBeTruthy()
  const count = await screen.findByText(/upcoming/)
  expect(count.textContent).toBe('You have 2 upcoming bookings')
})

test('one upcoming booking is a booking', async () => {
  serve([booking('2026-12-03')])
  renderPage(<DashboardHeader />, { auth: { user } })
  expect((await screen.findByText(/upcoming/)).textContent).toBe('You have 1 upcoming booking')
})
