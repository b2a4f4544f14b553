// @vitest-environment jsdom
import type { Booking } from '@shared/bookings'
import type { MyReview } from '@shared/reviews'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { MyAppointmentsTable } from './my-appointments-table'

afterEach(cleanup)

const NOW = Date.parse('2026-06-10T06:00:00Z')

function booking(overrides: Partial<Booking>): Booking {
  return {
    _id: 'b1',
    patientName: 'Pat Patient',
    treatmentName: 'Teeth Cleaning',
    appointmentDate: '2026-06-12',
    slot: '10:00 AM - 10:30 AM',
    price: 800,
    paid: false,
    refunded: false,
    email: 'pat@example.test',
    phone: '01700 000000',
    status: 'booked',
    startsAt: '2026-06-12T04:00:00Z',
    ...overrides,
  }
}

function renderRows(
  bookings: Booking[],
  onCancel = vi.fn(),
  review: { attended?: string[]; reviews?: MyReview[]; onReview?: () => void } = {},
  onReschedule = vi.fn(),
) {
  render(
    <MemoryRouter>
      <MyAppointmentsTable
        bookings={bookings}
        now={NOW}
        onCancel={onCancel}
        onReschedule={onReschedule}
        attended={new Set(review.attended)}
        reviews={new Map(review.reviews?.map((r) => [r.bookingId, r]))}
        onReview={review.onReview ?? vi.fn()}
      />
    </MemoryRouter>,
  )
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row))
}

test('an upcoming priced unpaid booking: medium date, Pay link to its payment page, Cancel', () => {
  const onCancel = vi.fn()
  const [row] = renderRows([booking({})], onCancel)
  expect(row?.getByText('Jun 12, 2026')).toBeTruthy()
  expect(row?.getByRole('link', { name: 'Pay' })).toHaveProperty('pathname', '/dashboard/payment/b1')
  fireEvent.click(row?.getByRole('button', { name: 'Cancel Teeth Cleaning on Jun 12, 2026' }) as HTMLElement)
  expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ _id: 'b1' }))
})

test('an upcoming booking, paid or not, can be rescheduled; a cancelled or past one cannot', () => {
  const onReschedule = vi.fn()
  const [unpaid, paid, cancelled, started] = renderRows(
    [
      booking({}),
      booking({ _id: 'b2', paid: true, appointmentDate: '2026-06-13', startsAt: '2026-06-13T04:00:00Z' }),
      booking({ _id: 'b3', status: 'cancelled' }),
      booking({ _id: 'b4', appointmentDate: '2026-06-10', startsAt: '2026-06-10T05:59:00Z' }),
    ],
    vi.fn(),
    {},
    onReschedule,
  )
  fireEvent.click(
    unpaid?.getByRole('button', { name: 'Reschedule Teeth Cleaning on Jun 12, 2026' }) as HTMLElement,
  )
  fireEvent.click(
    paid?.getByRole('button', { name: 'Reschedule Teeth Cleaning on Jun 13, 2026' }) as HTMLElement,
  )
  expect(onReschedule.mock.calls.map(([b]) => b._id)).toEqual(['b1', 'b2'])
  expect(cancelled?.queryByRole('button', { name: /Reschedule/ })).toBeNull()
  expect(started?.queryByRole('button', { name: /Reschedule/ })).toBeNull()
})

test("a paid upcoming booking shows 'Paid' and can be cancelled (with a refund)", () => {
  const onCancel = vi.fn()
  const [row] = renderRows([booking({ paid: true })], onCancel)
  expect(row?.getByText('Paid')).toBeTruthy()
  expect(row?.queryByRole('link', { name: 'Pay' })).toBeNull()
  fireEvent.click(row?.getByRole('button', { name: 'Cancel Teeth Cleaning on Jun 12, 2026' }) as HTMLElement)
  expect(onCancel).toHaveBeenCalledWith(expect.objectContaining({ _id: 'b1', paid: true }))
})

test('a booking without a price has an empty payment cell', () => {
  const [row] = renderRows([booking({ price: null })])
  expect(row?.getAllByRole('cell')[4]?.textContent).toBe('')
})

test('a cancelled booking shows its status, with neither Pay nor Cancel', () => {
  const [row] = renderRows([booking({ status: 'cancelled' })])
  expect(row?.getByText('Cancelled')).toBeTruthy()
  expect(row?.queryByRole('link')).toBeNull()
  expect(row?.queryByRole('button')).toBeNull()
})

test("a paid booking cancelled with its refund shows 'Refunded', not its fee", () => {
  const [refunded, unpaid] = renderRows([
    booking({ status: 'cancelled', refunded: true }),
    booking({ _id: 'b2', status: 'cancelled' }),
  ])
  expect(refunded?.getByText('Refunded')).toBeTruthy()
  expect(refunded?.queryByText('800 TK')).toBeNull()
  expect(unpaid?.queryByText('Refunded')).toBeNull()
  expect(unpaid?.getByText('800 TK')).toBeTruthy()
})

test('a booking that has started is past: its price shows, it can be neither paid nor cancelled online', () => {
  const [row] = renderRows([booking({ startsAt: '2026-06-10T05:59:00Z', appointmentDate: '2026-06-10' })])
  expect(row?.getByText('Past')).toBeTruthy()
  expect(row?.getByText('800 TK')).toBeTruthy()
  expect(row?.queryByRole('link')).toBeNull()
  expect(row?.queryByRole('button')).toBeNull()
})

const past = booking({ appointmentDate: '2026-06-08', startsAt: '2026-06-08T04:00:00Z' })
const myReview = (editableUntil: string): MyReview => ({
  bookingId: 'b1',
  rating: 4,
  text: 'Gentle.',
  status: 'pending',
  createdAt: '2026-06-08T10:00:00Z',
  editableUntil,
})

test('an attended appointment offers "Leave a review"; one not marked attended does not', () => {
  const onReview = vi.fn()
  const [attended] = renderRows([past], vi.fn(), { attended: ['b1'], onReview })
  fireEvent.click(
    attended?.getByRole('button', { name: 'Leave a review of Teeth Cleaning on Jun 8, 2026' }) as HTMLElement,
  )
  expect(onReview).toHaveBeenCalledWith(past)
  cleanup()
  const [notMarked] = renderRows([past])
  expect(notMarked?.queryByRole('button', { name: /review/ })).toBeNull()
})

test('a review shows its status, and can be edited only within its week', () => {
  const [open] = renderRows([past], vi.fn(), {
    attended: ['b1'],
    reviews: [myReview('2026-06-15T10:00:00Z')],
  })
  expect(open?.getByText('Review awaiting approval')).toBeTruthy()
  expect(open?.getByRole('button', { name: /Edit review/ })).toBeTruthy()
  cleanup()
  const [closed] = renderRows([past], vi.fn(), {
    attended: ['b1'],
    reviews: [myReview('2026-06-09T10:00:00Z')],
  })
  expect(closed?.getByText('Review awaiting approval')).toBeTruthy()
  expect(closed?.queryByRole('button', { name: /review/ })).toBeNull()
})
