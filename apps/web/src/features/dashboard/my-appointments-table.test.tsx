// @vitest-environment jsdom
import type { Booking } from '@shared/bookings'
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

function renderRows(bookings: Booking[], onCancel = vi.fn()) {
  render(
    <MemoryRouter>
      <MyAppointmentsTable bookings={bookings} now={NOW} onCancel={onCancel} />
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
