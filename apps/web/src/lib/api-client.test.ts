// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { jsonResponse, unsignedToken } from '../testing/fake-server'
import { api } from './api-client'
import { adoptToken, forgetSession } from './auth/token-renewal'
import { ApiError } from './http'

const email = 'pat@example.test'

const token = (name: string, secondsLeft = 300) => unsignedToken({ email, name }, secondsLeft)

const signIn = { code: 'UNAUTHORIZED', message: 'Please sign in.' }

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  adoptToken(email, token('first'))
})

afterEach(() => {
  vi.unstubAllGlobals()
  forgetSession()
})

const authorizationOf = (call: number) =>
  (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.authorization

test('the stored token goes as a bearer token', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { bookings: [] }))
  await expect(api.get('/api/bookings?email=x')).resolves.toEqual({ bookings: [] })
  expect(authorizationOf(0)).toBe(`Bearer ${token('first')}`)
})

test('a 401 renews the token once through /api/jwt and retries with the new one', async () => {
  const renewed = token('renewed')
  fetchMock
    .mockResolvedValueOnce(jsonResponse(401, signIn))
    .mockResolvedValueOnce(jsonResponse(200, { token: renewed }))
    .mockResolvedValueOnce(jsonResponse(200, { isAdmin: false }))
  await expect(api.get('/api/users/admin/x')).resolves.toEqual({ isAdmin: false })
  expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/jwt?email=${encodeURIComponent(email)}`)
  expect(authorizationOf(2)).toBe(`Bearer ${renewed}`)
  expect(localStorage.getItem('userAccessToken')).toBe(renewed)
})

test('a second 401 after the renewal is thrown with the server message, without a third try', async () => {
  const ended = { code: 'UNAUTHORIZED', message: 'Your session has ended.' }
  fetchMock
    .mockResolvedValueOnce(jsonResponse(401, signIn))
    .mockResolvedValueOnce(jsonResponse(200, { token: token('renewed') }))
    .mockResolvedValueOnce(jsonResponse(401, ended))
  await expect(api.get('/api/bookings?email=x')).rejects.toMatchObject({ status: 401, ...ended })
  expect(fetchMock).toHaveBeenCalledTimes(3)
})

test('only a refused token renews it: any other refusal is thrown at once', async () => {
  const wrongPassword = { code: 'WRONG_PASSWORD', message: 'Your password is not correct.' }
  fetchMock.mockResolvedValueOnce(jsonResponse(401, wrongPassword))
  await expect(api.delete('/api/me')).rejects.toMatchObject({ status: 401, ...wrongPassword })
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('when the session is gone, the token is forgotten and the first refusal is thrown', async () => {
  fetchMock.mockResolvedValueOnce(jsonResponse(401, signIn)).mockResolvedValueOnce(jsonResponse(401, signIn))
  await expect(api.get('/api/bookings?email=x')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
  expect(localStorage.getItem('userAccessToken')).toBeNull()
})

test('a token about to expire is renewed before the call rather than after a 401', async () => {
  localStorage.setItem('userAccessToken', token('old', 5))
  const renewed = token('renewed')
  fetchMock
    .mockResolvedValueOnce(jsonResponse(200, { token: renewed }))
    .mockResolvedValueOnce(jsonResponse(200, {}))
  await api.post('/api/bookings', { slot: '08:00 AM' })
  expect(fetchMock).toHaveBeenCalledTimes(2)
  expect(authorizationOf(1)).toBe(`Bearer ${renewed}`)
  expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ slot: '08:00 AM' }))
})

test('refusals carry the server code, message and status; an unreachable server is a NETWORK_ERROR', async () => {
  const slotTaken = { code: 'SLOT_TAKEN', message: 'This slot was just booked. Please choose another.' }
  fetchMock.mockResolvedValueOnce(jsonResponse(409, slotTaken))
  const refusal = await api.post('/api/bookings', {}).catch((error: unknown) => error)
  expect(refusal).toBeInstanceOf(ApiError)
  expect(refusal).toMatchObject({ status: 409, ...slotTaken })
  fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  await expect(api.get('/api/bookings?email=x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
})
