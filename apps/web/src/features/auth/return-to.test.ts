import { expect, test } from 'vitest'
import { returnTarget } from './return-to'

test('the remembered location comes back with its search, hash and state', () => {
  const from = { pathname: '/dashboard/users', search: '?page=2', hash: '#top', state: { tab: 1 } }
  expect(returnTarget({ from })).toEqual({ to: '/dashboard/users?page=2#top', state: { tab: 1 } })
})

test("the appointment page's pending booking is handed back with the visitor", () => {
  const booking = { treatmentName: 'Teeth Cleaning', appointmentDate: '2030-01-07' }
  expect(returnTarget({ from: { pathname: '/appointment' }, booking })).toEqual({
    to: '/appointment',
    state: { booking },
  })
  expect(returnTarget({ from: '/appointment', booking })).toEqual({ to: '/appointment', state: { booking } })
})

test('only paths of this site count, and never the auth pages themselves', () => {
  for (const from of [
    '//evil.example/x',
    'https://evil.example',
    '/\\evil.example',
    '/login',
    '/register?x=1',
  ]) {
    expect(returnTarget({ from })).toBeNull()
  }
  expect(returnTarget(null)).toBeNull()
  expect(returnTarget({ booking: {} })).toBeNull()
  expect(returnTarget({ from: '/loginx' })?.to).toBe('/loginx')
})
