import { expect, test } from 'vitest'
import { returnedBooking } from './returned-booking'

const booking = { treatmentId: 't1', treatmentName: 'Teeth Cleaning', appointmentDate: '2026-06-10' }

test('the booking handed back by the login page is read from the location state', () => {
  expect(returnedBooking({ booking })).toEqual({ ...booking, slot: undefined })
  expect(returnedBooking({ booking: { ...booking, slot: '10:00 AM - 10:30 AM' } })?.slot).toBe(
    '10:00 AM - 10:30 AM',
  )
})

test('anything else in the history state is ignored', () => {
  for (const state of [null, 'x', {}, { booking: null }, { booking: { ...booking, treatmentId: 3 } }]) {
    expect(returnedBooking(state)).toBeNull()
  }
  expect(returnedBooking({ booking: { ...booking, slot: 7 } })?.slot).toBeUndefined()
})
