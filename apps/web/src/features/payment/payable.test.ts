import type { Booking } from '@shared/bookings'
import { PAYMENT_MESSAGES } from '@shared/payment-messages'
import { describe, expect, test } from 'vitest'
import { amountDue } from './payable'

const NOW = Date.parse('2026-11-25T06:00:00Z')

const booking = (overrides: Partial<Booking> = {}): Booking => ({
  _id: 'b1',
  patientName: 'Pat Patient',
  treatmentName: 'Teeth Cleaning',
  appointmentDate: '2026-11-30',
  slot: '10:00 AM - 10:30 AM',
  price: 500,
  paid: false,
  refunded: false,
  email: 'pat@example.test',
  phone: '01700 000000',
  status: 'booked',
  startsAt: '2026-11-30T04:00:00Z',
  ...overrides,
})

describe('a booking can be paid online', () => {
  test('when it is priced, unpaid, booked and still ahead: its own fee', () => {
    expect(amountDue(booking(), NOW)).toEqual({ price: 500 })
  })

  test.each([
    ['cancelled', { status: 'cancelled' as const }, PAYMENT_MESSAGES.cancelled],
    ['paid', { paid: true }, PAYMENT_MESSAGES.alreadyPaid],
    ['not priced', { price: null }, PAYMENT_MESSAGES.notPriced],
    ['started', { startsAt: '2026-11-25T06:00:00Z' }, PAYMENT_MESSAGES.past],
  ])('not when it is %s', (_, overrides, message) => {
    expect(amountDue(booking(overrides), NOW)).toEqual({ notPayable: message })
  })
})
