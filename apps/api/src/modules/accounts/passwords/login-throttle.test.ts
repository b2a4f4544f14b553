import { expect, test } from 'vitest'
import { loginSlowDownMs } from './login-throttle'

test('failed sign-ins of an account from all addresses only slow it down, more with each, up to 3 s', () => {
  expect([0, 5, 9].map(loginSlowDownMs)).toEqual([0, 0, 0])
  expect([10, 11, 12, 13].map(loginSlowDownMs)).toEqual([250, 500, 1000, 2000])
  expect([14, 15, 1000].map(loginSlowDownMs)).toEqual([3000, 3000, 3000])
})
