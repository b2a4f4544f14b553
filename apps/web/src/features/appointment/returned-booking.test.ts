import { expect, test } from 'vitest'
import { returnedBooking, returnedOption } from './returned-booking'

const booking = { treatmentId: 't1', treatmentName: 'Teeth Cleaning', appointmentDate: '2026-06-10' }

test('the booking handed back by the login page is read from the location state', () => {
  expect(returnedBooking({ booking })).toEqual({ ...booking, slot: undefined })
  expect(returnedBooking({ booking: { ...booking, slot: '10:00 AM - 10:30 AM' } })?.slot).toBe(
    '10:00 AM - 10:30 AM',
  )
})

test('anything else in the history state is ignored', () => {
  for (const state of [null, 'x', {}, { booking: null }, { booking: { ...booking, treatmentName: 3 } }]) {
    expect(returnedBooking(state)).toBeNull()
  }
  expect(returnedBooking({ booking: { ...booking, slot: 7, treatmentId: 3 } })).toEqual({
    ...booking,
    treatmentId: undefined,
    slot: undefined,
  })
})

test('the treatment is found by id, else by name, and only while it has a free slot', () => {
  const options = [
    { _id: 't1', name: 'Teeth Cleaning', slots: ['10:00 AM - 10:30 AM'], price: 800 },
    { _id: 't2', name: 'Oral Surgery', slots: [], price: 2500 },
  ]
  expect(returnedOption(options, booking)?._id).toBe('t1')
  expect(returnedOption(options, { ...booking, treatmentId: 'renamed' })?._id).toBe('t1')
  expect(returnedOption(options, { ...booking, treatmentId: undefined })?._id).toBe('t1')
  expect(
    returnedOption(options, { ...booking, treatmentId: 't2', treatmentName: 'Oral Surgery' }),
  ).toBeUndefined()
})
