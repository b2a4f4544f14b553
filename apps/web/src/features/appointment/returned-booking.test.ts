import { expect, test } from 'vitest'
import { returnedBooking, returnedDialog } from './returned-booking'

const booking = { treatmentId: 't1', treatmentName: 'Teeth Cleaning', appointmentDate: '2026-06-10' }

test('the booking handed back by the login page is read from the location state', () => {
  expect(returnedBooking({ booking })).toEqual({ ...booking, slot: undefined, notify: false })
  expect(returnedBooking({ booking: { ...booking, notify: true } })?.notify).toBe(true)
  expect(returnedBooking({ booking: { ...booking, slot: '10:00 AM - 10:30 AM' } })?.slot).toBe(
    '10:00 AM - 10:30 AM',
  )
})

test('anything else in the history state is ignored', () => {
  for (const state of [null, 'x', {}, { booking: null }, { booking: { ...booking, treatmentName: 3 } }]) {
    expect(returnedBooking(state)).toBeNull()
  }
  expect(returnedBooking({ booking: { ...booking, slot: 7, treatmentId: 3, notify: 'yes' } })).toEqual({
    ...booking,
    treatmentId: undefined,
    slot: undefined,
    notify: false,
  })
})

const options = [
  { _id: 't1', name: 'Teeth Cleaning', slots: ['10:00 AM - 10:30 AM'], price: 800 },
  { _id: 't2', name: 'Oral Surgery', slots: [], price: 2500 },
]
const surgery = { ...booking, treatmentId: 't2', treatmentName: 'Oral Surgery' }

test('a returned booking reopens Book for its treatment, found by id, else by name, while it has a free slot', () => {
  const slot = '10:00 AM - 10:30 AM'
  expect(returnedDialog(options, { ...booking, slot })).toEqual({ kind: 'book', option: options[0], slot })
  expect(returnedDialog(options, { ...booking, treatmentId: 'renamed' })?.option._id).toBe('t1')
  expect(returnedDialog(options, { ...booking, treatmentId: undefined })?.option._id).toBe('t1')
  expect(returnedDialog(options, surgery)).toBeUndefined()
  expect(returnedDialog(options, { ...booking, treatmentId: 'gone', treatmentName: 'Gone' })).toBeUndefined()
})

test('a returned Notify me reopens its dialog while the day is full, and Book once a slot has freed', () => {
  expect(returnedDialog(options, { ...surgery, notify: true })).toEqual({
    kind: 'notify',
    option: options[1],
  })
  expect(returnedDialog(options, { ...booking, notify: true })).toEqual({
    kind: 'book',
    option: options[0],
    slot: undefined,
  })
})
